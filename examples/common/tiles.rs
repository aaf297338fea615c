//! The sliding-tile puzzle of the layer-counting examples: its shape and start board.

use state_search::domains::sliding::npuzzle::{Board, NPuzzle};
use state_search::domains::sliding::ranking::RankedPuzzle;

/// Parses `--shape`'s `RxC`.
pub fn shape(text: &str) -> Result<(usize, usize), String> {
    text.split_once(['x', 'X'])
        .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
        .filter(|&(r, c): &(usize, usize)| r > 0 && c > 0)
        .ok_or_else(|| format!("--shape is ROWSxCOLS, not {text:?}"))
}

/// The puzzle and its ranking of shape `(rows, cols)`, and `board` (a `--start` or `--goal` text,
/// row-major with `0` for the blank) checked against it, or its goal when `None`.
pub fn puzzle(
    (rows, cols): (usize, usize),
    board: Option<(&str, &str)>,
) -> Result<(NPuzzle, RankedPuzzle, Board), String> {
    let npuzzle = NPuzzle::standard(rows, cols).map_err(|e| e.to_string())?;
    let puzzle = RankedPuzzle::new(&npuzzle)
        .ok_or_else(|| format!("a {rows}x{cols} board has too many cells (at most 16)"))?;
    let board = match board {
        None => npuzzle.goal().clone(),
        Some((flag, text)) => parse_board(&npuzzle, flag, text)?,
    };
    Ok((npuzzle, puzzle, board))
}

/// `text` as a board of `npuzzle` that can reach its goal, errors naming `flag`.
pub fn parse_board(npuzzle: &NPuzzle, flag: &str, text: &str) -> Result<Board, String> {
    let board = Board::parse_line(
        &text.replace(',', " "),
        1,
        Some((npuzzle.rows(), npuzzle.cols())),
    )
    .map_err(|e| format!("{flag}: {e}"))?;
    npuzzle.check(&board).map_err(|e| format!("{flag}: {e}"))?;
    Ok(board)
}
