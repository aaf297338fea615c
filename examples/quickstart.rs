//! Quick start: a state space in a few lines, solved by BFS.
//!
//! Two jugs hold 3 and 5 litres; fill one, empty one, or pour one into the other until
//! the big jug holds exactly 4 litres. `cargo run --example quickstart`

use state_search::StateSpace;

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

fn main() {
    let search = state_search::bfs(&Jugs, [(0, 0)], |&(_, big)| big == 4);
    match search.found() {
        Some(solution) => {
            println!("{} steps:", solution.cost);
            for (small, big) in &solution.path {
                println!("  small {small}, big {big}");
            }
        }
        None => println!("no way to measure 4 litres"),
    }
    println!("({} states expanded)", search.stats.expanded);
}
