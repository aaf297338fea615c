//! The pancake puzzle: sorts a stack read from a file (the format of
//! `state_search::domains::pancake`) or a random one, with the fewest flips, by any
//! strategy and with the gap heuristic or a weakened gap-k.
//!
//! ```text
//! echo "3 4 0 2 1" | cargo run --release --features domains --example pancake
//! cargo run --release --features domains --example pancake -- --random 14 --seed 7 --gap 2 --strategy mm --stats --necessary
//! cargo run --release --features domains --example pancake -- --help
//! ```
//!
//! `--help` prints the options, the input format, the output, the exit statuses and the
//! strategies (the text is `HELP` below).

#[path = "common/cli.rs"]
mod common;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use state_search::domains::pancake::{Gap, MAX_PANCAKES, Pancakes};
use state_search::{FCounts, Limits, Outcome, Strategy};

/// `--help`: the usage, the options, the input format and the exit statuses, then the
/// strategies.
const HELP: &str = "\
usage: pancake [FILE | - | --random N [--seed S]] [--gap K] [--strategy NAME] [--stats]
               [--max-expansions N] [--necessary]

The pancake puzzle: sorts the stack in FILE, or in standard input with - or without a
file, with the fewest flips (a flip turns over the top pancakes). Prints the number of
flips, a colon and the flips, each as the number of pancakes it turns (\"4: 2 5 2 3\").

  --random N              a random stack of N pancakes (1 to 64) instead of an input;
                          printed on a line of its own before the flips
  --seed S                the seed of the random stack (default 1)
  --gap K                 the heuristic: the gap heuristic (K = 0, the default), or
                          gap-K, which does not count the gaps of the K smallest pancakes
  --strategy NAME         the search, one of the strategies listed below (default
                          idastar, in place)
  --stats                 the states expanded and generated, the iterations (IDA*'s
                          bounds, DPS's re-keyings plus one) and the time on standard
                          error
  --max-expansions N      stop after N expansions (an error, exit status 2)
  --necessary             with an optimal strategy, also the necessary expansions on
                          standard error: the stacks it expanded whose flips so far
                          plus the heuristic are fewer than the optimum (counted in a
                          second run, not timed)
  --                      ends the options

Input: one stack on one line, its sizes from the top separated by spaces or tabs, a
permutation of 0..n (1 to 64 pancakes): 3 4 0 2 1 is five pancakes, the largest second
from the top. Blank lines and lines that begin with # are skipped, lines may end in
\\r\\n and a byte order mark is skipped; the goal is the sorted stack (0 on top).

Exit status: 0 with the flips; 2 on a bad argument, malformed input, a search stopped by
running out of memory or any other error, with one line on standard error.
";

fn usage() -> String {
    format!(
        "{HELP}\nstrategies: {}",
        common::spellings(&Pancakes::strategies(), "|")
    )
}

fn run() -> Result<(), String> {
    use lexopt::prelude::*;
    let mut file = None;
    let mut random: Option<usize> = None;
    let mut seed = 1u64;
    let mut gap = Gap::HELMERT;
    let mut strategy = Pancakes::DEFAULT_STRATEGY;
    let mut stats = false;
    let mut necessary = false;
    let mut limits = Limits::new();
    let mut given = common::Given::default();
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next().map_err(common::arg_error)? {
        match arg {
            Short('h') | Long("help") => {
                common::help(&mut parser)?;
                return common::write_out(&format!("{}\n", usage())).map(drop);
            }
            Long("random") => {
                let n = common::parse_value("--random", given.value(&mut parser, "--random")?)?;
                if !(1..=MAX_PANCAKES).contains(&n) {
                    return Err(format!(
                        "--random {n}: a stack has 1 to {MAX_PANCAKES} pancakes"
                    ));
                }
                random = Some(n);
            }
            Long("seed") => {
                seed = common::parse_value("--seed", given.value(&mut parser, "--seed")?)?;
            }
            Long("gap") => {
                let ignore = common::parse_value("--gap", given.value(&mut parser, "--gap")?)?;
                gap = Gap { ignore };
            }
            Long("strategy") => {
                let value = given.value(&mut parser, "--strategy")?;
                strategy = common::strategy(value, &Pancakes::strategies(), "")?;
            }
            Long("stats") => stats = true,
            Long("necessary") => necessary = true,
            Long("max-expansions") => {
                let value = given.value(&mut parser, "--max-expansions")?;
                limits = limits.max_expansions(common::parse_value("--max-expansions", value)?);
            }
            Value(path) => {
                if file.replace(PathBuf::from(common::text(path)?)).is_some() {
                    return Err("more than one input file".to_owned());
                }
            }
            other => return Err(common::arg_error(other.unexpected())),
        }
    }
    // The seed of a random stack: ignored with an input.
    given.needs("--seed", random.is_some(), "--random")?;
    let (problem, shown) = match random {
        Some(_) if file.is_some() => {
            return Err("--random and an input file: one of them".to_owned());
        }
        Some(n) => {
            let problem = Pancakes::random(n, seed).map_err(|e| e.to_string())?;
            let shown = problem.to_string();
            (problem, shown)
        }
        None => {
            let path = file.as_deref();
            let text = common::read_input(path, common::read_stdin)?;
            let problem = text
                .parse::<Pancakes>()
                .map_err(|e| format!("{}: {e}", common::source_name(path)))?;
            (problem, String::new())
        }
    };
    let problem = problem.with_gap(gap);
    let started = Instant::now();
    let search = problem
        .solve(&strategy, &limits)
        .map_err(|e| e.to_string())?;
    let flips = match search.outcome {
        Outcome::Found(flips) => flips,
        // Every stack can be sorted: no strategy should say otherwise, but if one does, it
        // is an error with its message, not a panic.
        Outcome::NoPath => return Err(format!("{strategy}: no flips sort the stack")),
        Outcome::Stopped(reason) => return Err(common::stopped(&reason, &search.stats)),
    };
    common::write_out(&format!("{shown}{flips}\n"))?;
    if stats {
        eprintln!(
            "{strategy}: {} expanded, {} generated, {} iterations, {:.3} ms",
            search.stats.expanded,
            search.stats.generated,
            search.stats.iterations,
            started.elapsed().as_secs_f64() * 1e3
        );
    }
    if necessary && strategy.is_optimal() {
        necessary_expansions(&problem, &strategy, &limits, flips.cost)?;
    }
    Ok(())
}

/// Prints the necessary expansions of `strategy` (optimal) on `problem`, whose optimum
/// is `optimum`: a second run, counting each expanded stack by its `f`.
fn necessary_expansions(
    problem: &Pancakes,
    strategy: &Strategy,
    limits: &Limits,
    optimum: u32,
) -> Result<(), String> {
    let gap = problem.gap();
    let mut counts = FCounts::new();
    let mut watch = counts.watch(gap.towards(problem.goal()), gap.towards(problem.start()));
    problem
        .solve_with(strategy, limits, &mut watch)
        .map_err(|e| e.to_string())?;
    eprintln!(
        "{strategy}: {} necessary expansions (f < {optimum})",
        counts.below(optimum)
    );
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => common::exit_error("pancake", &error),
    }
}
