//! Unit tests of the grid types and the character-map parser.

use super::*;
use crate::error::ParseErrorKind;

#[test]
fn cell_indexer_round_trips() {
    let grid = Grid::new(5, 7, 0u8);
    let ix = grid.indexer();
    // Rows at a stride of 8: the last row needs only its 7 cells.
    assert_eq!(ix.bound(), 4 * 8 + 7);
    let mut seen = vec![false; ix.bound()];
    for pos in grid.positions() {
        let index = ix.index(&pos);
        assert!(index < ix.bound() && !seen[index], "{pos:?} -> {index}");
        seen[index] = true;
        assert_eq!(ix.state(index), pos);
    }
}

#[test]
fn cell_indexer_bounds_at_the_edges() {
    for (rows, cols, bound) in [
        (0, 5, 0),
        (5, 0, 0),
        (1, 1, 1),
        (2, 1, 2),
        (3, 4, 12),
        (2, 5, 13),
    ] {
        assert_eq!(
            Grid::new(rows, cols, 0u8).indexer().bound(),
            bound,
            "{rows} x {cols}"
        );
    }
}

const FORMAT: MapFormat<'static> = MapFormat {
    max_rows: 5,
    max_cols: 6,
    max_cells: 24,
    markers: &[
        Marker {
            ch: 'S',
            name: "start",
        },
        Marker {
            ch: 'T',
            name: "target",
        },
    ],
};

fn floor(c: char) -> Option<char> {
    matches!(c, '.' | '#' | 'S' | 'T').then_some(c)
}

fn error(text: &str) -> (usize, usize, ParseErrorKind) {
    let e = parse_char_map(text, &FORMAT, floor).unwrap_err();
    (e.line, e.column, e.kind)
}

#[test]
fn char_maps_parse_with_crlf_and_trailing_blanks() {
    let map = parse_char_map(" 2  3 \r\nS.#\t\r\n#.T  \n\n  \n", &FORMAT, floor).unwrap();
    assert_eq!((map.grid.rows(), map.grid.cols()), (2, 3));
    assert_eq!(map.markers, [Pos::new(0, 0), Pos::new(1, 2)]);
    assert_eq!(map.grid.cells().iter().collect::<String>(), "S.##.T");
}

#[test]
fn a_byte_order_mark_before_the_header_is_skipped() {
    let map = parse_char_map("\u{feff}1 2\nST\n", &FORMAT, floor).unwrap();
    assert_eq!(map.markers, [Pos::new(0, 0), Pos::new(0, 1)]);
    assert_eq!(
        error("\u{feff}1 x\nST\n"),
        (
            1,
            3,
            ParseErrorKind::Invalid {
                expected: "the number of columns (a positive integer)".to_owned(),
                found: "x".to_owned()
            }
        )
    );
}

#[test]
fn header_faults_name_the_token() {
    let invalid = |expected: &str, found: &str| ParseErrorKind::Invalid {
        expected: expected.to_owned(),
        found: found.to_owned(),
    };
    assert_eq!(
        error(""),
        (
            1,
            1,
            ParseErrorKind::UnexpectedEnd {
                expected: "the number of rows on the header line `rows columns`".to_owned()
            }
        )
    );
    assert_eq!(
        error("2 x\n"),
        (
            1,
            3,
            invalid("the number of columns (a positive integer)", "x")
        )
    );
    assert_eq!(
        error("0 3\n"),
        (
            1,
            1,
            invalid("the number of rows (a positive integer)", "0")
        )
    );
    assert_eq!(
        error("2 3 4\n"),
        (
            1,
            5,
            invalid("the end of the header line `rows columns`", "4")
        )
    );
    assert_eq!(
        error("99999999999999999999999 3"),
        (
            1,
            1,
            invalid(
                "the number of rows (a positive integer)",
                "99999999999999999999999"
            )
        )
    );
    let too_many = |what, limit, found| ParseErrorKind::TooLarge { what, limit, found };
    assert_eq!(
        error("2 7"),
        (1, 3, too_many("the number of columns", 6, 7))
    );
    assert_eq!(
        error("5 5"),
        (1, 0, too_many("the number of cells", 24, 25))
    );
}

#[test]
fn map_faults_name_line_and_column() {
    let end = ParseErrorKind::UnexpectedEnd {
        expected: "row 2 of 2".to_owned(),
    };
    assert_eq!(error("2 3\nS.T"), (3, 0, end));
    let length = |found| ParseErrorKind::RowLength { expected: 3, found };
    assert_eq!(error("2 3\nS.T\n..\n"), (3, 3, length(2)));
    assert_eq!(error("2 3\nS.T\n....\n"), (3, 4, length(4)));
    assert_eq!(
        error("2 3\nS.T\n.é.\n"),
        (3, 2, ParseErrorKind::UnknownChar('é'))
    );
    assert_eq!(
        error("2 3\nS.T\n.S.\n"),
        (3, 2, ParseErrorKind::Duplicate("start"))
    );
    assert_eq!(
        error("2 3\nS..\n...\n"),
        (3, 0, ParseErrorKind::Missing("target"))
    );
    assert_eq!(
        error("2 3\nS.T\n...\n\n  x\n"),
        (5, 3, ParseErrorKind::Trailing)
    );
}

#[test]
fn steps_stay_on_the_grid() {
    let grid = Grid::new(2, 2, ());
    let corner = Pos::new(1, 1);
    let around: Vec<_> = grid.neighbours(corner).collect();
    assert_eq!(
        around,
        vec![(Dir::Up, Pos::new(0, 1)), (Dir::Left, Pos::new(1, 0))]
    );
    for dir in Dir::ALL {
        assert_eq!(Dir::from_letter(dir.letter()), Some(dir));
        assert_eq!(dir.opposite().opposite(), dir);
    }
}
