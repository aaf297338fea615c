//! Writes a generated maze in a contest text format, for the whole-process measurements of
//! `BENCHMARKS.md`.
//!
//! ```text
//! cargo run --release --features domains --example mazegen -- keydoor WIDTH HEIGHT KEY_TYPES WALL% DOOR% KEYS_PER_TYPE SEED [BARRIER_EVERY BARRIER_DOOR%]
//! cargo run --release --features domains --example mazegen -- palamaze WIDTH HEIGHT COLOURS STONE% PIPE% KEY% WALL_IN_EXIT(0|1) SEED
//! ```
//!
//! `--help` prints what each argument is (the text is `HELP` below; the arguments are the
//! fields of `RandomKeyDoor` and `RandomPipeMaze`).

#[path = "common/cli.rs"]
mod common;

use std::process::ExitCode;

use state_search::domains::keydoor::{self, KeyDoorMaze, RandomKeyDoor};
use state_search::domains::pipemaze::{self, PipeMaze, RandomPipeMaze};

const USAGE: &str = "usage: mazegen keydoor WIDTH HEIGHT KEY_TYPES WALL% DOOR% KEYS_PER_TYPE SEED \
[BARRIER_EVERY BARRIER_DOOR%] | mazegen palamaze WIDTH HEIGHT COLOURS STONE% PIPE% KEY% WALL_IN_EXIT SEED";

/// `--help`: the usage and what each argument is.
const HELP: &str = "\
usage: mazegen keydoor WIDTH HEIGHT KEY_TYPES WALL% DOOR% KEYS_PER_TYPE SEED
                       [BARRIER_EVERY BARRIER_DOOR%]
       mazegen palamaze WIDTH HEIGHT COLOURS STONE% PIPE% KEY% WALL_IN_EXIT SEED

Writes a random maze in the contest text format that the keydoor or palamaze example
reads (their --help describes it). The same arguments always give the same maze.

keydoor:
  WIDTH HEIGHT     columns and rows, 1 to 4096 each, at least two cells
  KEY_TYPES        door and key types, 0 to 8
  WALL%            the chance, in percent, that a cell is a wall
  DOOR%            the chance that a cell that is not a wall is a door
  KEYS_PER_TYPE    keys of each type, on random free floor cells (once every free cell
                   holds a key, placing stops)
  SEED             the seed of the generator
  BARRIER_EVERY    when given and not 0, every BARRIER_EVERY-th column (not the last) is
                   a wall with doors in it, which forces routes to collect keys
  BARRIER_DOOR%    the chance that a barrier cell is a door rather than a wall
palamaze:
  WIDTH HEIGHT     columns and rows, 1 to 1000 each, at least two cells
  COLOURS          pipe and key colours, 0 to 9
  STONE%           the chance that a cell is stone
  PIPE%            the chance that a cell that is not stone is a pipe (never two adjacent)
  KEY%             the chance that a water cell holds a key
  WALL_IN_EXIT     1: stone around the exit, so that it cannot be reached (not on a 1x2
                   or 2x1 maze); 0: no wall
  SEED             the seed of the generator

Exit status: 0 with the maze on standard output; 2 on a bad argument, with one line on
standard error. -- ends the options.
";

fn numbers(args: &[String]) -> Result<Vec<u64>, String> {
    args.iter()
        .map(|a| {
            a.parse()
                .map_err(|_| format!("not a number: {a:?} ({USAGE})"))
        })
        .collect()
}

/// A maze the parsers read back: two cells at least (start and target differ), sides up
/// to `max_side`.
fn check_size(width: u32, height: u32, max_side: u32) -> Result<(), String> {
    if u64::from(width) * u64::from(height) < 2 {
        return Err("the maze needs at least two cells (the start and the target)".to_owned());
    }
    if width > max_side || height > max_side {
        return Err(format!(
            "the format allows sides of at most {max_side} cells"
        ));
    }
    Ok(())
}

/// The arguments, or `None` for `--help`.
fn parse_args() -> Result<Option<Vec<String>>, String> {
    use lexopt::prelude::*;
    let mut args = Vec::new();
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next().map_err(common::arg_error)? {
        match arg {
            Short('h') | Long("help") => {
                common::help(&mut parser)?;
                return Ok(None);
            }
            Value(value) => args.push(common::text(value)?),
            other => return Err(common::arg_error(other.unexpected())),
        }
    }
    Ok(Some(args))
}

fn generate(args: &[String]) -> Result<String, String> {
    let narrow = |n: u64| u32::try_from(n).map_err(|_| format!("{n} is too large"));
    let percent = |n: u64, what: &str| {
        u32::try_from(n)
            .ok()
            .filter(|&p| p <= 100)
            .ok_or_else(|| format!("{what} is {n}: a percentage is at most 100"))
    };
    match args.first().map(String::as_str) {
        Some("keydoor") if args.len() == 8 || args.len() == 10 => {
            let mut n = numbers(&args[1..])?;
            n.resize(9, 0);
            let spec = RandomKeyDoor {
                cols: narrow(n[0])?,
                rows: narrow(n[1])?,
                key_types: u8::try_from(n[2])
                    .ok()
                    .filter(|&t| t <= 8)
                    .ok_or("at most 8 key types")?,
                wall_percent: percent(n[3], "WALL%")?,
                door_percent: percent(n[4], "DOOR%")?,
                keys_per_type: narrow(n[5])?,
                barrier_every: narrow(n[7])?,
                barrier_door_percent: percent(n[8], "BARRIER_DOOR%")?,
                seed: n[6],
            };
            check_size(spec.cols, spec.rows, keydoor::MAX_SIDE)?;
            Ok(KeyDoorMaze::random(&spec).to_string())
        }
        Some("palamaze") if args.len() == 9 => {
            let n = numbers(&args[1..])?;
            let spec = RandomPipeMaze {
                cols: narrow(n[0])?,
                rows: narrow(n[1])?,
                colours: u8::try_from(n[2])
                    .ok()
                    .filter(|&c| c <= 9)
                    .ok_or("at most 9 colours")?,
                stone_percent: percent(n[3], "STONE%")?,
                pipe_percent: percent(n[4], "PIPE%")?,
                key_percent: percent(n[5], "KEY%")?,
                wall_in_exit: match n[6] {
                    0 => false,
                    1 => true,
                    other => return Err(format!("WALL_IN_EXIT is 0 or 1, not {other}")),
                },
                seed: n[7],
            };
            check_size(spec.cols, spec.rows, pipemaze::MAX_SIDE)?;
            if spec.wall_in_exit && u64::from(spec.cols) + u64::from(spec.rows) == 3 {
                return Err(
                    "WALL_IN_EXIT 1 needs the exit apart from the start: on a 1x2 or 2x1 \
                     maze they are next to each other"
                        .to_owned(),
                );
            }
            Ok(PipeMaze::random(&spec).to_string())
        }
        _ => Err(USAGE.to_owned()),
    }
}

fn main() -> ExitCode {
    let result = parse_args().and_then(|args| match args {
        Some(args) => generate(&args).and_then(|text| common::write_out(&text).map(drop)),
        None => common::write_out(HELP).map(drop),
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => common::exit_error("mazegen", &message),
    }
}
