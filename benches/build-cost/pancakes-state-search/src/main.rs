//! A user's program: the 8-pancake puzzle through every strategy by name (one problem type).
//! The build-cost measurement touches this file; `src/bin/storage.rs` holds the storage
//! measurements so that they do not add problem types to it.

use state_search::{Limits, Problem, Strategy};

mod pancakes;

use pancakes::{Pancakes, Rank, factorial, gap};

fn main() {
    let args: Vec<String> = std::env::args().collect();

    // Every strategy by name on an 8-pancake instance.
    let space = Pancakes::<8>;
    let start: [u8; 8] = [7, 2, 5, 0, 3, 6, 1, 4];
    let goal: [u8; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
    let problem = Problem::new(&space, [start], |s: &[u8; 8]| *s == goal)
        .heuristic(|s: &[u8; 8]| gap(s))
        .indexer(Rank::<8> { bound: factorial(8) })
        .backward(goal);
    for name in args.iter().skip(1).map(String::as_str).chain(
        Strategy::ALL.iter().map(|s| Box::leak(s.to_string().into_boxed_str()) as &str),
    ) {
        let strategy: Strategy = name.parse().unwrap();
        match strategy.run(&problem, &Limits::new().max_expansions(200_000)) {
            Ok(search) => println!(
                "{strategy}: {:?} in {} expansions",
                search.found().map(|f| f.cost),
                search.stats.expanded
            ),
            Err(e) => println!("{strategy}: {e}"),
        }
    }
}
