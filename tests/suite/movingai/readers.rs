//! The `.map` and `.scen` readers: both line ends, both scenario versions and separators,
//! and the place and kind of every error they name.

use super::*;

#[test]
fn map_reads_lf_and_crlf_alike() {
    let rows = [".G@O", "STW."];
    let lf = OctileMap::parse(&map_text(&rows, "\n")).unwrap();
    let crlf = OctileMap::parse(&map_text(&rows, "\r\n")).unwrap();
    assert_eq!(lf, crlf);
    assert_eq!((lf.height(), lf.width()), (2, 4));
    let expected = [
        Terrain::Ground,
        Terrain::Ground,
        Terrain::OutOfBounds,
        Terrain::OutOfBounds,
        Terrain::Swamp,
        Terrain::Trees,
        Terrain::Water,
        Terrain::Ground,
    ];
    assert_eq!(lf.grid().cells(), expected);
    assert_eq!(lf[Pos::new(1, 2)], Terrain::Water);
    assert_eq!(lf.to_string(), map_text(&["..@@", "STW."], "\n"));
}

#[test]
fn map_reads_the_crlf_boston_file() {
    let text = include_str!("../../data/movingai/Boston_0_512.map");
    assert!(text.contains("\r\n"));
    let map = OctileMap::parse(text).unwrap();
    assert_eq!((map.height(), map.width()), (512, 512));
    // The first row: 44 ground cells, then out of bounds.
    assert_eq!(map[Pos::new(0, 43)], Terrain::Ground);
    assert_eq!(map[Pos::new(0, 44)], Terrain::OutOfBounds);
    let cells = map.grid().cells();
    let ground = cells.iter().filter(|&&t| t == Terrain::Ground).count();
    assert_eq!((ground, cells.len() - ground), (196_725, 65_419));
}

#[test]
fn map_header_errors_name_their_place() {
    let header = |s: &str| OctileMap::parse(&format!("{s}map\n..\n"));
    let type_line = "the header line `type ...`";
    let expect_end = |e: &str| ParseErrorKind::UnexpectedEnd {
        expected: e.to_owned(),
    };
    assert_eq!(fault(OctileMap::parse("")), (1, 1, expect_end(type_line)));
    assert_eq!(
        fault(header("height 1\nwidth 2\n")),
        (1, 1, invalid(type_line, "height"))
    );
    assert_eq!(
        fault(header("type tile\nheight 1\nwidth 2\n")),
        (1, 6, invalid("the map type `octile`", "tile"))
    );
    assert_eq!(
        fault(header("type octile\nwidth 2\nheight 1\n")),
        (2, 1, invalid("the header line `height ...`", "width"))
    );
    assert_eq!(
        fault(header("type octile\nheight x\nwidth 2\n")),
        (2, 8, invalid("the height (a positive integer)", "x"))
    );
    assert_eq!(
        fault(header("type octile\nheight 0\nwidth 2\n")),
        (2, 8, invalid("the height (a positive integer)", "0"))
    );
    assert_eq!(
        fault(header("type octile\nheight 1\nwidth -2\n")),
        (3, 7, invalid("the width (a positive integer)", "-2"))
    );
    assert_eq!(
        fault(header("type octile\nheight 1\nwidth 0\n")),
        (3, 7, invalid("the width (a positive integer)", "0"))
    );
    assert_eq!(
        fault(header("type octile\nheight 1 2\nwidth 2\n")),
        (2, 10, invalid("the end of the line `height N`", "2"))
    );
    let line_ended = ParseErrorKind::LineEnded {
        expected: "the height".to_owned(),
    };
    assert_eq!(
        fault(header("type octile\nheight\nwidth 2\n")),
        (2, 7, line_ended)
    );
    assert_eq!(
        fault(OctileMap::parse("type octile\nheight 1\nwidth 2\n..\n")),
        (4, 1, invalid("the header line `map ...`", ".."))
    );
}

#[test]
fn map_size_limits_are_errors() {
    let too_tall = OctileMap::parse("type octile\nheight 1073741825\nwidth 1\nmap\n");
    let kind = ParseErrorKind::TooLarge {
        what: "the height",
        limit: 1 << 30,
        found: (1 << 30) + 1,
    };
    assert_eq!(fault(too_tall), (2, 8, kind));
    // 2^16 x 2^15 = 2^31 cells, more than 2^30; found before any row is read.
    let too_many = OctileMap::parse("type octile\nheight 65536\nwidth 32768\nmap\n");
    let kind = ParseErrorKind::TooLarge {
        what: "the number of cells (height x width)",
        limit: 1 << 30,
        found: 1 << 31,
    };
    assert_eq!(fault(too_many), (3, 7, kind));
}

#[test]
fn map_row_errors_name_their_place() {
    let parse = |rows: &[&str], height: usize| {
        let mut text = format!("type octile\nheight {height}\nwidth 3\nmap\n");
        for r in rows {
            text.push_str(r);
            text.push('\n');
        }
        OctileMap::parse(&text)
    };
    let length = |found| ParseErrorKind::RowLength { expected: 3, found };
    assert_eq!(fault(parse(&["...", ".."], 2)), (6, 3, length(2)));
    assert_eq!(fault(parse(&["....", "..."], 2)), (5, 4, length(4)));
    assert_eq!(fault(parse(&["", "..."], 2)), (5, 1, length(0)));
    assert_eq!(
        fault(parse(&["...", "T#."], 2)),
        (6, 2, ParseErrorKind::UnknownChar('#'))
    );
    assert_eq!(
        fault(parse(&["...", "..x."], 2)),
        (6, 3, ParseErrorKind::UnknownChar('x'))
    );
    let missing = ParseErrorKind::UnexpectedEnd {
        expected: "row 3 of 3".to_owned(),
    };
    assert_eq!(fault(parse(&["...", "..."], 3)), (6, 4, missing));
    assert_eq!(
        fault(parse(&["...", "...", "..."], 2)),
        (7, 1, ParseErrorKind::Trailing)
    );
    // Blank lines after the map, and spaces or tabs ending a row, are not faults.
    assert!(parse(&["... ", "...\t", "", ""], 2).is_ok());
}

#[test]
fn scen_reads_both_versions_and_separators() {
    let tabs = "version 1\n7\tmaps/a.map\t10\t5\t9\t4\t0\t0\t10.65685425\n";
    let spaces = "version 1.0\r\n7 maps/a.map 10 5 9 4 0 0 10.66\r\n\r\n";
    let [a] = <[Scenario; 1]>::try_from(Scenario::parse_list(tabs).unwrap()).unwrap();
    let [b] = <[Scenario; 1]>::try_from(Scenario::parse_list(spaces).unwrap()).unwrap();
    for s in [&a, &b] {
        assert_eq!((s.bucket, s.map.as_str()), (7, "maps/a.map"));
        assert_eq!((s.map_width, s.map_height), (10, 5));
        assert_eq!((s.start, s.goal), (Pos::new(4, 9), Pos::new(0, 0)));
    }
    assert_eq!((a.optimal.text(), a.optimal.decimals()), ("10.65685425", 8));
    assert_eq!((b.optimal.text(), b.optimal.decimals()), ("10.66", 2));
    // 5 + 4·√2 = 10.65685424949...
    let cost = OctileCost::new(5, 4);
    let exact = cost.to_f64().unwrap();
    assert!(a.optimal.matches(exact) && b.optimal.matches(exact));
    assert!(a.optimal.matches_cost(cost) && b.optimal.matches_cost(cost));
    assert!(!a.optimal.matches(exact + 1e-8) && !a.optimal.matches(exact - 1e-8));
    assert!(!a.optimal.matches_cost(OctileCost::new(7, 3)));
}

#[test]
fn scen_reads_the_six_files() {
    let files = [
        (
            include_str!("../../data/movingai/Boston_0_512.map.scen"),
            1890,
            "Boston_0_512.map",
        ),
        (
            include_str!("../../data/movingai/brc202d.map.scen"),
            2519,
            "maps/dao/brc202d.map",
        ),
        (
            include_str!("../../data/movingai/den602d.map.scen"),
            2660,
            "den602d.map",
        ),
        (
            include_str!("../../data/movingai/maze512-1-9.map.scen"),
            17_820,
            "maze512-1-9.map",
        ),
        (
            include_str!("../../data/movingai/nighthaven.map.scen"),
            1280,
            "maps/wc3maps/nighthaven.map",
        ),
        (
            include_str!("../../data/movingai/random512-40-5.map.scen"),
            5240,
            "random512-40-5.map",
        ),
    ];
    for (text, rows, name) in files {
        let scenarios = Scenario::parse_list(text).unwrap();
        assert_eq!(scenarios.len(), rows);
        assert!(scenarios.iter().all(|s| s.map == name));
    }
    let den = Scenario::parse_list(files[2].0).unwrap();
    assert_eq!(den[0].start, Pos::new(298, 194));
    assert_eq!(den[0].goal, Pos::new(299, 191));
    assert_eq!(den[0].optimal.text(), "3.41421356");
}

#[test]
fn scen_errors_name_their_place() {
    let row = |line: &str| Scenario::parse_list(&format!("version 1\n{line}\n"));
    assert_eq!(
        fault(Scenario::parse_list("")),
        (
            1,
            1,
            ParseErrorKind::UnexpectedEnd {
                expected: "the line `version 1`".to_owned()
            }
        )
    );
    assert_eq!(
        fault(Scenario::parse_list("0 a.map 4 4 0 0 1 1 1.4\n")),
        (1, 1, invalid("the line `version 1`", "0"))
    );
    assert_eq!(
        fault(Scenario::parse_list("version 2\n")),
        (1, 9, invalid("the version `1` or `1.0`", "2"))
    );
    assert_eq!(
        fault(row("x a.map 4 4 0 0 1 1 1.4")),
        (2, 1, invalid("the bucket (a whole number)", "x"))
    );
    assert_eq!(
        fault(row("0 a.map 4 0 0 0 1 1 1.4")),
        (2, 11, invalid("the map height from 1 to 4294967295", "0"))
    );
    assert_eq!(
        fault(row("0 a.map 4 4 4 0 1 1 1.4")),
        (2, 13, invalid("the start x (a column) from 0 to 3", "4"))
    );
    assert_eq!(
        fault(row("0 a.map 4 4 0 0 1 9 1.4")),
        (2, 19, invalid("the goal y (a row) from 0 to 3", "9"))
    );
    let length = "the optimal length (a decimal number such as 12.5)";
    for bad in ["1e3", "-1.4", "1.", ".5", "1.4.2", "inf"] {
        let line = format!("0 a.map 4 4 0 0 1 1 {bad}");
        assert_eq!(fault(row(&line)), (2, 21, invalid(length, bad)), "{bad}");
    }
    assert_eq!(
        fault(row("0 a.map 4 4 0 0 1 1 1.4 9")),
        (
            2,
            25,
            invalid("the end of the scenario line (9 fields)", "9")
        )
    );
    // A missing field: the line ends, and text follows or the input ends.
    let ended = |kind: fn(String) -> ParseErrorKind| kind(length.to_owned());
    assert_eq!(
        fault(Scenario::parse_list(
            "version 1\n0 a.map 4 4 0 0 1 1\n0 a.map 4 4 0 0 1 1 1\n"
        )),
        (
            2,
            20,
            ended(|expected| ParseErrorKind::LineEnded { expected })
        )
    );
    assert_eq!(
        fault(row("0 a.map 4 4 0 0 1 1")),
        (
            2,
            20,
            ended(|expected| ParseErrorKind::UnexpectedEnd { expected })
        )
    );
}

#[test]
fn scen_checked_against_a_map() {
    let map = OctileMap::parse(&map_text(&["....", "....", "...."], "\n")).unwrap();
    let ok = Scenario::parse_list_for("version 1\n0\tm\t4\t3\t3\t2\t0\t0\t4.8\n", &map);
    assert_eq!(ok.unwrap()[0].start, Pos::new(2, 3));
    let check = |line: &str| Scenario::parse_list_for(&format!("version 1\n{line}\n"), &map);
    assert_eq!(
        fault(check("0 m 5 3 4 2 0 0 4.8")),
        (2, 5, invalid("the map width 4", "5"))
    );
    assert_eq!(
        fault(check("0 m 4 4 0 3 0 0 3")),
        (2, 7, invalid("the map height 3", "4"))
    );
    // Unchecked, the same lines are read: their ends lie within their own sizes.
    assert!(Scenario::parse_list("version 1\n0 m 5 3 4 2 0 0 4.8\n").is_ok());
}

#[test]
fn printed_lengths_know_their_precision() {
    let p = |s: &str| PrintedLength::parse(s).unwrap();
    assert_eq!(
        (p("2.82843").decimals(), p("2.82843").significant_digits()),
        (5, 6)
    );
    assert_eq!(p("0.0250").significant_digits(), 3);
    assert_eq!((p("7127").decimals(), p("7127").tolerance()), (0, 0.5));
    assert!((p("244.01").tolerance() - 0.005).abs() < 1e-15);
    assert!(p("244.01").matches(244.014_9) && !p("244.01").matches(244.015_1));
    assert!(p("244.01").matches(244.005_1) && !p("244.01").matches(244.004_9));
    assert_eq!(p("1.41421356").to_string(), "1.41421356");
}
