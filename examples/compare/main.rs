//! Runs every applicable engine on built-in problems and prints one row per problem and
//! engine: the cost found, states expanded and generated, time, and the memory held by the
//! engine's store.
//!
//! ```text
//! cargo run --release --example compare            # aligned table
//! cargo run --release --example compare -- --csv   # the same as CSV
//! cargo run --release --example compare -- --quick # small instances (seconds in debug)
//! ```

#[path = "../common/args.rs"]
mod args;

mod huarong;
mod keydoor;
mod klotski;
mod maze;
mod npuzzle;
mod pipemaze;
mod report;

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut csv = false;
    let mut quick = false;
    for arg in args::utf8_or_exit("compare") {
        match arg.as_str() {
            "--csv" => csv = true,
            "--quick" => quick = true,
            "-h" | "--help" => {
                println!("usage: compare [--csv] [--quick]");
                return ExitCode::SUCCESS;
            }
            other => {
                eprintln!("compare: unknown argument {other:?} (try --help)");
                return ExitCode::from(2);
            }
        }
    }
    // Each domain contributes its rows; keep one line per domain.
    let mut rows = Vec::new();
    rows.extend(maze::rows(quick));
    rows.extend(keydoor::rows(quick));
    rows.extend(pipemaze::rows(quick));
    rows.extend(huarong::rows(quick));
    rows.extend(klotski::rows(quick));
    rows.extend(npuzzle::rows(quick));
    if csv {
        print!("{}", report::csv(&rows));
    } else {
        print!("{}", report::table(&rows));
    }
    ExitCode::SUCCESS
}
