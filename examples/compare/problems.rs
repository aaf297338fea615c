//! The built-in problems of the comparison: generated mazes, key-door and pipe-key mazes,
//! Huarong Road queries, Klotski, sliding-tile puzzles and pancake stacks, each a [`Case`]
//! that runs any
//! strategy through its domain's `solve` (with the `parallel` feature, `par_solve` or
//! `Strategy::par_run` where there is one, which run the parallel strategies on the
//! current pool).

use std::sync::Arc;

use state_search::bench::{Case, Measurement, case};
use state_search::domains::keydoor::{KeyDoorMaze, Objective, RandomKeyDoor};
use state_search::domains::maze::GridMaze;
use state_search::domains::pancake::{Gap, Pancakes};
use state_search::domains::pipemaze::{PipeMaze, RandomPipeMaze};
use state_search::domains::sliding::huarong::{HuarongSolver, Input, Method};
use state_search::domains::sliding::klotski::{Metric, Puzzle};
use state_search::domains::sliding::npuzzle::{Board, LinearConflict, Manhattan, NPuzzle};
use state_search::domains::sliding::pdb::{Partition, PatternSet};
use state_search::grid::Pos;
use state_search::rng::SplitMix64;
use state_search::{Limits, Outcome, Search, Stats, Strategy};

/// Korf's instances 79, 12 and 42 (540,860 to 877,823 nodes with the Manhattan distance).
const FIFTEEN: [(&str, &str); 3] = [
    ("79", "0 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15"),
    ("12", "14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15"),
    ("42", "4 5 7 2 9 14 12 13 0 3 6 11 8 1 15 10"),
];

/// A named problem of the comparison.
pub type Named = Box<dyn Case>;

/// Every built-in problem, small ones with `quick`.
pub fn all(quick: bool) -> Vec<Named> {
    let mut problems = Vec::new();
    mazes(quick, &mut problems);
    keydoor(quick, &mut problems);
    pipemaze(&mut problems);
    huarong(quick, &mut problems);
    klotski(&mut problems);
    npuzzle(quick, &mut problems);
    pancakes(quick, &mut problems);
    problems
}

/// A grid maze as a problem with the Manhattan distance, dense numbering and the backward
/// direction (for `bibfs`).
fn maze_case(name: String, maze: GridMaze) -> Named {
    Box::new(case(name, move |strategy, limits| {
        let goal = maze.goal();
        let problem = state_search::Problem::new(&maze, [maze.start()], |p: &Pos| *p == goal)
            .heuristic(|p: &Pos| maze.manhattan(p))
            .indexed()
            .backward(goal);
        let limits = limits.for_cost();
        // `par_run` runs the parallel strategies on the current pool, the others as `run`.
        #[cfg(feature = "parallel")]
        let search = strategy.par_run(&problem, &limits);
        #[cfg(not(feature = "parallel"))]
        let search = strategy.run(&problem, &limits);
        Measurement::of_result(search, |found| found.cost)
    }))
}

fn mazes(quick: bool, problems: &mut Vec<Named>) {
    let side = if quick { 60 } else { 300 };
    problems.push(maze_case(
        format!("maze {side}x{side} uniform"),
        GridMaze::random(side, side, 30, 1, 13),
    ));
    problems.push(maze_case(
        format!("maze {side}x{side} weighted 1-9"),
        GridMaze::random(side, side, 30, 9, 13),
    ));
    problems.push(maze_case(
        "maze 24x24 weighted 1-9".to_owned(),
        GridMaze::random(24, 24, 25, 9, 5),
    ));
}

/// A key-door maze for one objective; the cost of the fewest keys is `(keys, moves)`.
fn keydoor_case(name: String, maze: KeyDoorMaze, objective: Objective) -> Named {
    Box::new(case(name, move |strategy, limits| {
        #[cfg(feature = "parallel")]
        let search = maze.par_solve(objective, &strategy, limits);
        #[cfg(not(feature = "parallel"))]
        let search = maze.solve(objective, &strategy, limits);
        match objective {
            // A pair is no number: the report shows it as text.
            Objective::FewestKeys => Measurement::of_result(search, |route| {
                (
                    route.keys.len(),
                    u32::try_from(route.steps()).unwrap_or(u32::MAX),
                )
            }),
            Objective::FewestMoves => Measurement::of_result(search, |route| route.steps() as u64),
        }
    }))
}

fn keydoor(quick: bool, problems: &mut Vec<Named>) {
    let side = if quick { 60 } else { 200 };
    let barriers = RandomKeyDoor {
        keys_per_type: 5,
        barrier_every: 25,
        barrier_door_percent: 3,
        // Seeds whose barrier mazes have a route (several keys needed).
        ..RandomKeyDoor::new(side, side, 7, if quick { 11 } else { 2 })
    };
    let plain = KeyDoorMaze::random(&RandomKeyDoor::new(side, side, 7, 1));
    let barred = KeyDoorMaze::random(&barriers);
    problems.push(keydoor_case(
        format!("keydoor {side}x{side} fewest keys"),
        plain.clone(),
        Objective::FewestKeys,
    ));
    problems.push(keydoor_case(
        format!("keydoor {side}x{side} fewest moves"),
        plain,
        Objective::FewestMoves,
    ));
    problems.push(keydoor_case(
        format!("keydoor {side}x{side} barriers, fewest keys"),
        barred,
        Objective::FewestKeys,
    ));
}

fn pipemaze(problems: &mut Vec<Named>) {
    let contest = RandomPipeMaze {
        stone_percent: 30,
        pipe_percent: 25,
        key_percent: 3,
        ..RandomPipeMaze::new(20, 20, 9, 8)
    };
    let walled = RandomPipeMaze {
        wall_in_exit: true,
        seed: 5,
        ..contest
    };
    for (name, spec) in [
        ("palamaze 20x20", contest),
        ("palamaze 20x20 walled-in exit", walled),
    ] {
        let maze = PipeMaze::random(&spec);
        problems.push(Box::new(case(name, move |strategy, limits| {
            Measurement::of_result(maze.solve(&strategy, limits), |route| route.len() as u64)
        })));
    }
}

/// Answers every query of `input` with `method`; the cost is the sum of the answers, and
/// a query with no answer makes the run "no path".
fn answer_all(input: &Input, method: Method, strategy: Strategy, limits: &Limits) -> Measurement {
    let mut solver = match HuarongSolver::new(input.board.clone()) {
        Ok(solver) => solver,
        Err(error) => return Measurement::skipped(&error.to_string()),
    };
    let mut stats = Stats::default();
    let mut total = Some(0u64);
    for query in &input.queries {
        match solver.solve(query, method, &strategy, limits) {
            Ok(search) => {
                stats.accumulate(&search.stats);
                match search.outcome {
                    Outcome::Found(moves) => total = total.map(|t| t + u64::from(moves)),
                    Outcome::NoPath => {}
                    Outcome::Stopped(reason) => {
                        return Measurement::of(&stopped(reason, stats), |&()| 0u64);
                    }
                }
            }
            Err(error) => return Measurement::of_result(Err::<Search<()>, _>(error), |&()| 0u64),
        }
    }
    let outcome = total.map_or(Outcome::NoPath, Outcome::Found);
    Measurement::of(&Search::new(outcome, stats), |&sum| sum)
}

/// A search that stopped for `reason` with `stats`.
fn stopped(reason: state_search::StopReason, stats: Stats) -> Search<()> {
    Search::new(Outcome::Stopped(reason), stats)
}

fn huarong(quick: bool, problems: &mut Vec<Named>) {
    let (side, count, plain_count) = if quick { (20, 100, 10) } else { (30, 500, 40) };
    let input = Arc::new(Input::random(side, side, 20, count, 2013));
    let abstract_input = Arc::clone(&input);
    problems.push(Box::new(case(
        format!("huarong {side}x{side}, {count} queries, abstraction"),
        move |strategy, limits| answer_all(&abstract_input, Method::Abstract, strategy, limits),
    )));
    let few = Input {
        board: input.board.clone(),
        queries: input.queries[..plain_count].to_vec(),
    };
    problems.push(Box::new(case(
        format!("huarong {side}x{side}, {plain_count} queries, plain view"),
        move |strategy, limits| answer_all(&few, Method::Plain, strategy, limits),
    )));
}

fn klotski(problems: &mut Vec<Named>) {
    let puzzle = Puzzle::classic();
    problems.push(Box::new(case(
        "klotski hengdao lima, any-path moves",
        move |strategy, limits| {
            let search = puzzle.solve(Metric::Any, &strategy, limits);
            Measurement::of_result(search, |solution| solution.moves.len() as u64)
        },
    )));
}

fn npuzzle(quick: bool, problems: &mut Vec<Named>) {
    let eight = Arc::new(NPuzzle::standard(3, 3).unwrap_or_else(|e| unreachable!("{e}")));
    let mut rng = SplitMix64::new(31);
    for n in 0..if quick { 1 } else { 3 } {
        let board = eight.random_board(&mut rng);
        let puzzle = Arc::clone(&eight);
        problems.push(Box::new(case(
            format!("8-puzzle random #{n}, linear conflict"),
            move |strategy, limits| {
                let heuristic = LinearConflict::new(&puzzle);
                #[cfg(feature = "parallel")]
                let search = puzzle.par_solve(&board, heuristic, &strategy, limits);
                #[cfg(not(feature = "parallel"))]
                let search = puzzle.solve(&board, heuristic, &strategy, limits);
                Measurement::of_result(search, |plan| plan.cost)
            },
        )));
    }
    let fifteen = Arc::new(NPuzzle::standard(4, 4).unwrap_or_else(|e| unreachable!("{e}")));
    let pdb = (!quick).then(|| {
        Arc::new(
            PatternSet::build_partition(&fifteen, Partition::Fifteen555, true)
                .unwrap_or_else(|e| unreachable!("{e}")),
        )
    });
    for &(id, text) in FIFTEEN.iter().take(if quick { 1 } else { 3 }) {
        let board: Board = text.parse().unwrap_or_else(|e| unreachable!("{e}"));
        let puzzle = Arc::clone(&fifteen);
        let start = board.clone();
        problems.push(Box::new(case(
            format!("15-puzzle korf #{id}, manhattan"),
            move |strategy, limits| {
                let heuristic = Manhattan::new(&puzzle);
                #[cfg(feature = "parallel")]
                let search = puzzle.par_solve(&start, heuristic, &strategy, limits);
                #[cfg(not(feature = "parallel"))]
                let search = puzzle.solve(&start, heuristic, &strategy, limits);
                Measurement::of_result(search, |plan| plan.cost)
            },
        )));
        if let Some(set) = &pdb {
            let (puzzle, set) = (Arc::clone(&fifteen), Arc::clone(set));
            problems.push(Box::new(case(
                format!("15-puzzle korf #{id}, pdb 5-5-5 reflected"),
                move |strategy, limits| {
                    #[cfg(feature = "parallel")]
                    let search = puzzle.par_solve(&board, set.heuristic(), &strategy, limits);
                    #[cfg(not(feature = "parallel"))]
                    let search = puzzle.solve(&board, set.heuristic(), &strategy, limits);
                    Measurement::of_result(search, |plan| plan.cost)
                },
            )));
        }
    }
}

/// A random stack with the gap heuristic, and with gap-2 (the two smallest pancakes'
/// gaps not counted): the weakened heuristic on which bidirectional search is studied.
fn pancakes(quick: bool, problems: &mut Vec<Named>) {
    let size = if quick { 8 } else { 14 };
    for ignore in [0, 2] {
        let problem = Pancakes::random(size, 7)
            .unwrap_or_else(|e| unreachable!("{e}"))
            .with_gap(Gap { ignore });
        let name = match ignore {
            0 => format!("{size} pancakes random, gap"),
            k => format!("{size} pancakes random, gap-{k}"),
        };
        problems.push(Box::new(case(name, move |strategy, limits| {
            let search = problem.solve(&strategy, limits);
            Measurement::of_result(search, |flips| u64::from(flips.cost))
        })));
    }
}
