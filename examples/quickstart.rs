//! Quick start: a state space in a few lines, solved by BFS.
//!
//! Two jugs hold 3 and 5 litres; fill one, empty one, or pour one into the other until
//! the big jug holds exactly 4 litres. `cargo run --example quickstart`

use state_search::StateSpace;
use std::io::Write as _;

/// The litres in the 3-litre and the 5-litre jug.
struct Jugs;

impl StateSpace for Jugs {
    type State = (u8, u8);
    type Cost = u32;

    fn successors(&self, &(a, b): &(u8, u8), mut emit: impl FnMut((u8, u8), u32)) {
        let (a_to_b, b_to_a) = (a.min(5 - b), b.min(3 - a));
        let moves = [
            (3, b),
            (a, 5),
            (0, b),
            (a, 0),
            (a - a_to_b, b + a_to_b),
            (a + b_to_a, b - b_to_a),
        ];
        for next in moves {
            emit(next, 1);
        }
    }
}

fn main() -> std::io::Result<()> {
    let search = state_search::bfs(&Jugs, [(0, 0)], |&(_, big)| big == 4);
    // Written through a lock and flushed, so that a full disk is an error, not a panic.
    let mut out = std::io::stdout().lock();
    match search.found() {
        Some(solution) => {
            writeln!(out, "{} steps:", solution.cost)?;
            for (small, big) in &solution.path {
                writeln!(out, "  small {small}, big {big}")?;
            }
        }
        None => writeln!(out, "no way to measure 4 litres")?,
    }
    writeln!(out, "({} states expanded)", search.stats.expanded)?;
    out.flush()
}
