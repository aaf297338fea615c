//! The example programs as a user runs them: the built binaries of `huarong`, `klotski`,
//! `npuzzle`, `mazegen`, `movingai` (and `keydoor` and `palamaze` where only a process
//! shows it), with their arguments, standard input, output and exit status.
//!
//! `cargo test` builds the examples before it runs the tests; to be sure they are
//! current when only this module runs (`cargo test --test suite cli::`), the first test
//! builds them once with the same profile and features. `STATE_SEARCH_EXAMPLES=DIR` runs
//! the tests on the binaries in `DIR` instead.

mod help;
mod input;
mod movingai;
mod npuzzle;
mod options;
mod threads;

use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::Once;
use std::time::{Duration, Instant};

use state_search::domains::SolveError;
use state_search::domains::sliding::huarong::{HuarongSolver, Input, Method};
use state_search::domains::sliding::klotski::{Metric, Puzzle};
use state_search::domains::sliding::npuzzle::{Board, Manhattan, NPuzzle};
use state_search::{Limits, Strategy};

/// What a run printed and its exit status (`None` when a signal ended it).
#[derive(Debug)]
struct Run {
    stdout: String,
    stderr: String,
    code: Option<i32>,
}

impl Run {
    /// Asserts a failure with status 2, nothing on standard output and one line on
    /// standard error, and returns that line.
    fn error_line(&self) -> &str {
        assert_eq!(self.code, Some(2), "{self:?}");
        assert_eq!(self.stdout, "", "{self:?}");
        assert_eq!(self.stderr.lines().count(), 1, "{self:?}");
        self.stderr.trim_end()
    }
}

/// The directory of the example binaries: `examples/` beside `deps/`, which holds this
/// test's own executable; or `$STATE_SEARCH_EXAMPLES`, not built then (to run these
/// tests on other builds, such as an older version's).
fn examples_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("STATE_SEARCH_EXAMPLES") {
        return dir.into();
    }
    let exe = std::env::current_exe().expect("the test's path");
    let profile_dir = exe
        .parent()
        .and_then(std::path::Path::parent)
        .expect("target/<profile>/deps/<test>");
    profile_dir.join("examples")
}

/// Builds the examples once, with the profile of this test (`cargo test` already did it;
/// `cargo test --test suite cli::` did not).
fn build_examples() {
    static BUILD: Once = Once::new();
    BUILD.call_once(|| {
        if std::env::var_os("STATE_SEARCH_EXAMPLES").is_some() {
            return;
        }
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let profile_dir = examples_dir();
        let release = profile_dir
            .parent()
            .and_then(|dir| dir.file_name())
            .is_some_and(|name| name == "release");
        let mut command = Command::new(cargo);
        command
            .args(["build", "--quiet", "--examples", "--profile"])
            .arg(if release { "bench" } else { "test" });
        // With this test's own features, so that a build `cargo test` already made (with
        // the same features and profile) is reused rather than made again. `default` counts:
        // `--all-features` turns it on, and a build without it is another build (in CI the
        // examples were built twice, two minutes each).
        let features: Vec<&str> = [
            ("default", cfg!(feature = "default")),
            ("domains", cfg!(feature = "domains")),
            ("bench", cfg!(feature = "bench")),
            ("json", cfg!(feature = "json")),
            ("charts", cfg!(feature = "charts")),
            ("progress", cfg!(feature = "progress")),
            ("criterion", cfg!(feature = "criterion")),
            ("parallel", cfg!(feature = "parallel")),
            ("distributed", cfg!(feature = "distributed")),
        ]
        .into_iter()
        .filter_map(|(name, on)| on.then_some(name))
        .collect();
        command.args(["--no-default-features", "--features", &features.join(",")]);
        let status = command
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .status()
            .expect("cargo runs");
        assert!(status.success(), "cargo build --examples failed");
    });
}

/// The path of example `name`, built.
fn example(name: &str) -> PathBuf {
    build_examples();
    let path = examples_dir().join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(path.exists(), "{} is not built", path.display());
    path
}

/// Runs `command` with `stdin` on its standard input, for at most `limit`.
fn run_command(mut command: Command, stdin: &str, limit: Duration) -> Run {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example starts");
    let mut input = child.stdin.take().expect("piped");
    // The program may exit without reading: a broken pipe is fine.
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    let started = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if started.elapsed() > limit {
            let _ = child.kill();
            panic!("{command:?} did not finish within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let output = child.wait_with_output().expect("the output");
    Run {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        code: output.status.code(),
    }
}

/// Runs example `name` with `args` and `stdin`.
fn run<S: AsRef<std::ffi::OsStr>>(name: &str, args: &[S], stdin: &str) -> Run {
    let mut command = Command::new(example(name));
    command.args(args);
    run_command(command, stdin, Duration::from_mins(2))
}

/// The spellings listed by `--help` on the line that starts with `marker`.
fn listed(name: &str, args: &[&str], marker: &str) -> Vec<String> {
    let help = run(name, args, "");
    assert_eq!(help.code, Some(0), "{help:?}");
    let line = help
        .stdout
        .lines()
        .find(|line| line.starts_with(marker))
        .unwrap_or_else(|| panic!("{marker:?} in {}", help.stdout));
    line.rsplit(": ")
        .next()
        .unwrap()
        .split('|')
        .map(str::to_owned)
        .collect()
}

/// The names of the strategies for which `refuses` is false.
fn applicable(mut refuses: impl FnMut(Strategy) -> bool) -> Vec<String> {
    let mut names: Vec<String> = Strategy::ALL
        .into_iter()
        .filter(|&s| !refuses(s))
        .map(|s| s.pattern().to_owned())
        .collect();
    names.dedup();
    names.sort();
    names
}

/// The spellings of a domain's `strategies()`, in its order.
fn patterns(strategies: &[Strategy]) -> Vec<String> {
    strategies.iter().map(|s| s.pattern().to_owned()).collect()
}

fn sorted(mut names: Vec<String>) -> Vec<String> {
    names.sort();
    names
}

const HUARONG: &str = "3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n";
const HUARONG_OUT: &str = "2\n-1\n";

const NPUZZLE: &str = "# two boards\n1 0 2 3 4 5 6 7 8\n\n3 1 2 0 4 5 6 7 8\n";
const NPUZZLE_OUT: &str = "1 L\n1 U\n";

const KLOTSKI: &str = "A.\nB.\ngoal A 2 2\n";

// --- The defects, one test each ---------------------------------------------------

#[test]
fn mazegen_makes_a_valid_pipe_maze_or_says_why_not() {
    for size in [["2", "1"], ["1", "2"]] {
        let args = [size[0], size[1], "0", "0", "0", "0", "1", "1"];
        let out = run("mazegen", &[&["palamaze"][..], &args].concat(), "");
        let line = out.error_line();
        assert!(line.starts_with("mazegen: WALL_IN_EXIT"), "{line}");
        // Without walling in the exit, the same maze is fine.
        let mut args = args;
        args[6] = "0";
        let out = run("mazegen", &[&["palamaze"][..], &args].concat(), "");
        assert_eq!(out.code, Some(0), "{out:?}");
        let solved = run("palamaze", &["-"], &out.stdout);
        assert_eq!((solved.stdout.as_str(), solved.code), ("1\n", Some(0)));
    }
    // WALL_IN_EXIT is a flag, 0 or 1: 1025 was taken for 1.
    let out = run(
        "mazegen",
        &["palamaze", "3", "3", "0", "0", "0", "0", "1025", "1"],
        "",
    );
    assert_eq!(out.code, Some(2), "{out:?}");
    assert!(
        out.error_line()
            .contains("WALL_IN_EXIT is 0 or 1, not 1025"),
        "{out:?}"
    );
}

#[test]
fn mazegen_caps_keys_at_the_free_cells() {
    let mut command = Command::new(example("mazegen"));
    command.args(["keydoor", "10", "10", "8", "0", "0", "4294967295", "1"]);
    let out = run_command(command, "", Duration::from_secs(20));
    assert_eq!(out.code, Some(0), "{out:?}");
    assert_eq!(out.stdout.matches('a').count(), 98, "{}", out.stdout);
}

#[test]
fn huarong_generate_reports_too_many_queries() {
    let out = run(
        "huarong",
        &["--generate", "30", "30", "18446744073709551615"],
        "",
    );
    let line = out.error_line();
    assert!(line.contains("18446744073709551615"), "{line}");
}

#[cfg(unix)]
#[test]
fn huarong_generate_reports_out_of_memory_under_a_memory_limit() {
    let mut command = Command::new("bash");
    command
        .arg("-c")
        .arg("ulimit -v 1000000 && exec \"$0\" --generate 1 2 100000000")
        .arg(example("huarong"));
    let out = run_command(command, "", Duration::from_mins(1));
    let line = out.error_line();
    assert!(line.contains("out of memory"), "{line}");
}

#[cfg(unix)]
#[test]
fn huarong_reports_out_of_memory_for_a_board_whose_abstraction_does_not_fit() {
    let side = 1024;
    let row = vec!["1"; side].join(" ");
    let mut input = format!("{side} {side} 1\n");
    for _ in 0..side {
        input.push_str(&row);
        input.push('\n');
    }
    input.push_str("1 1 1 2 1024 1024\n");
    let mut command = Command::new("bash");
    command
        .arg("-c")
        .arg("ulimit -v 100000 && exec \"$0\" --method plain")
        .arg(example("huarong"));
    let out = run_command(command, &input, Duration::from_mins(1));
    let line = out.error_line();
    assert!(line.contains("out of memory"), "{line}");
}

#[test]
fn errors_name_the_numbers_given_not_saturated_ones() {
    let out = run("huarong", &["--generate", "4294967296", "1", "1"], "");
    let line = out.error_line();
    assert!(line.contains("4294967296 x 1"), "{line}");
    let out = run(
        "npuzzle",
        &["--shape", "4294967296x4294967296"],
        "1 0 2 3\n",
    );
    let line = out.error_line();
    assert!(line.contains("4294967296x4294967296"), "{line}");
    assert!(!line.contains("18446744073709551615"), "{line}");
}

#[test]
fn board_errors_name_the_token_given() {
    let error = "1 2 x 0".parse::<Board>().unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 1, column 5: expected a tile number (0 for the blank), found \"x\""
    );
    let error = "1 2 99999999999999999999 0".parse::<Board>().unwrap_err();
    assert!(
        error.to_string().contains("99999999999999999999"),
        "{error}"
    );
}

#[test]
fn a_shape_too_large_for_a_usize_is_named_by_its_sides() {
    let error = Board::parse_line("1 0 2 3", 7, Some((usize::MAX, 2))).unwrap_err();
    assert!(
        error.to_string().contains(&format!("{}x2", usize::MAX)),
        "{error}"
    );
}

#[cfg(target_os = "linux")]
#[test]
fn every_program_fails_with_one_line_when_standard_output_is_full() {
    let cases: [(&str, &[&str], &str); 10] = [
        ("keydoor", &[], "1 3\nSaT\n"),
        ("pancake", &[], "3 4 0 2 1\n"),
        ("palamaze", &[], "1 3\n#+$\n"),
        ("npuzzle", &[], NPUZZLE),
        ("huarong", &[], HUARONG),
        ("klotski", &[], KLOTSKI),
        ("compare", &["--list"], ""),
        (
            "mazegen",
            &["palamaze", "2", "1", "0", "0", "0", "0", "0", "1"],
            "",
        ),
        ("layers", &["--help"], ""),
        ("quickstart", &[], ""),
    ];
    for (name, args, input) in cases {
        let mut command = Command::new(example(name));
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        command
            .args(args)
            .stdout(full)
            .stdin(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = command.spawn().unwrap();
        let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        let code = out.status.code();
        assert!(matches!(code, Some(1 | 2)), "{name}: {code:?} {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{name}: {stderr}");
        assert!(
            stderr.contains("No space left on device"),
            "{name}: {stderr}"
        );
    }
}

#[cfg(all(feature = "distributed", feature = "domains"))]
#[test]
fn distributed_layers_refuses_flags_out_of_range_with_one_line() {
    let cases: [(&[&str], &str); 6] = [
        (&["--connect-timeout", "1e308"], "--connect-timeout"),
        (
            &["--connect-timeout", "18446744073709551615"],
            "--connect-timeout",
        ),
        (&["-n", "18446744073709551615"], "-n (processes)"),
        (&["-n", "4294967296"], "-n (processes)"),
        (&["-w", "256"], "-w (threads per process)"),
        (&["-w", "0"], "-w (threads per process)"),
    ];
    for (args, flag) in cases {
        let out = run("distributed-layers", args, "");
        assert_eq!(out.code, Some(2), "{args:?}: {out:?}");
        assert!(out.error_line().contains(flag), "{args:?}: {out:?}");
        assert_eq!(out.stderr.lines().count(), 1, "{args:?}: {out:?}");
    }
}

#[test]
fn npuzzle_refuses_an_empty_cache_directory() {
    // An empty name would write the databases into the current directory.
    let out = run(
        "npuzzle",
        &["--heuristic", "pdb555", "--pdb-cache", ""],
        NPUZZLE,
    );
    assert_eq!(out.code, Some(2), "{out:?}");
    assert!(
        out.error_line().contains("--pdb-cache needs a directory"),
        "{out:?}"
    );
}

#[test]
fn npuzzle_without_instances_is_an_error() {
    for input in ["", "  \n\t\n", "# only a comment\n"] {
        let out = run("npuzzle", &[] as &[&str], input);
        let line = out.error_line();
        assert!(line.starts_with("npuzzle: <stdin>: no instance"), "{line}");
    }
}

#[test]
fn every_reader_takes_a_dash_for_standard_input_and_skips_a_byte_order_mark() {
    let cases = [
        ("huarong", HUARONG, HUARONG_OUT),
        ("npuzzle", NPUZZLE, NPUZZLE_OUT),
        ("klotski", KLOTSKI, "1\nA 1 1 -> 2 2\n"),
        ("keydoor", "1 3\nSaT\n", "RR\n"),
        ("palamaze", "1 3\n#+$\n", "2\n"),
        ("pancake", "# five\n3 4 0 2 1\n", "4: 2 5 2 3\n"),
    ];
    for (name, input, output) in cases {
        for text in [input.to_owned(), format!("\u{feff}{input}")] {
            for args in [&["-"][..], &["--", "-"]] {
                let out = run(name, args, &text);
                assert_eq!(
                    (out.stdout.as_str(), out.stderr.as_str(), out.code),
                    (output, "", Some(0)),
                    "{name} {args:?} {text:?}"
                );
            }
        }
        // After `--`, an argument that looks like an option is a file name.
        let out = run(name, &["--", "--stats"], input);
        let line = out.error_line();
        assert!(line.starts_with(&format!("{name}: --stats: ")), "{line}");
    }
}

#[cfg(unix)]
#[test]
fn every_program_reports_an_argument_that_is_not_utf8_on_one_line() {
    use std::os::unix::ffi::OsStringExt;
    for name in [
        "huarong", "klotski", "npuzzle", "mazegen", "keydoor", "palamaze", "pancake",
    ] {
        let bad = OsString::from_vec(b"in\xffput".to_vec());
        let out = run(name, &[bad], "");
        let line = out.error_line();
        assert!(line.contains("not valid UTF-8"), "{name}: {line}");
    }
}

// --- --strategy --------------------------------------------------------------------

#[test]
fn huarong_offers_exactly_the_strategies_that_apply_to_each_method() {
    let input: Input = HUARONG.parse().unwrap();
    for method in [Method::Plain, Method::Abstract] {
        let mut solver = HuarongSolver::new(input.board.clone()).unwrap();
        let refuses = |strategy| {
            matches!(
                solver.solve(&input.queries[0], method, &strategy, &Limits::new()),
                Err(SolveError::NotApplicable { .. })
            )
        };
        let expected = applicable(refuses);
        let listed = listed(
            "huarong",
            &["--help"],
            &format!("strategies with --method {method}"),
        );
        assert_eq!(
            listed,
            patterns(&HuarongSolver::strategies(method)),
            "{method}"
        );
        let offered = sorted(listed);
        assert_eq!(offered, expected, "{method}");
        for strategy in Strategy::ALL {
            let name = &strategy.to_string();
            let method = method.to_string();
            if offered.iter().any(|s| s == strategy.pattern()) {
                let out = run(
                    "huarong",
                    &["--method", &method, "--strategy", name],
                    HUARONG,
                );
                assert_eq!(
                    (out.stdout.as_str(), out.code),
                    (HUARONG_OUT, Some(0)),
                    "{name}"
                );
                let out = run("huarong", &["--method", &method, "--engine", name], HUARONG);
                assert_eq!(
                    (out.stdout.as_str(), out.code),
                    (HUARONG_OUT, Some(0)),
                    "{name}"
                );
            } else {
                // Refused before the input is read: the missing file is not reported.
                let args = ["--method", &method, "--strategy", name, "/no/such/file"];
                let out = run("huarong", &args, "");
                let line = out.error_line();
                assert!(line.contains("does not apply"), "{line}");
            }
        }
    }
}

#[test]
fn klotski_offers_exactly_the_strategies_that_apply() {
    let puzzle: Puzzle = KLOTSKI.parse().unwrap();
    let refuses = |strategy| {
        matches!(
            puzzle.solve(Metric::Any, &strategy, &Limits::new()),
            Err(SolveError::NotApplicable { .. })
        )
    };
    let expected = applicable(refuses);
    let listed = listed("klotski", &["--help"], "strategies");
    assert_eq!(listed, patterns(&Puzzle::strategies()));
    let offered = sorted(listed);
    assert_eq!(offered, expected);
    for strategy in Strategy::ALL {
        let name = &strategy.to_string();
        if offered.iter().any(|s| s == strategy.pattern()) {
            for metric in ["step", "any"] {
                let out = run(
                    "klotski",
                    &["--metric", metric, "--strategy", name, "-"],
                    KLOTSKI,
                );
                let moves: u32 = out.stdout.lines().next().unwrap_or("").parse().unwrap();
                let best = if metric == "step" { 2 } else { 1 };
                assert_eq!(out.code, Some(0), "{name} {metric}");
                if strategy.is_optimal() {
                    assert_eq!(moves, best, "{name} {metric}");
                } else {
                    assert!(moves >= best, "{name} {metric}");
                }
            }
        } else {
            let out = run("klotski", &["--strategy", name, "/no/such/file"], "");
            let line = out.error_line();
            assert!(line.contains("does not apply"), "{line}");
        }
    }
    // The classic puzzle, with the default strategy: exactly as before.
    let out = run("klotski", &["--metric", "line"], "");
    assert_eq!(out.stdout.lines().next(), Some("90"));
    assert_eq!(out.stdout.lines().count(), 91);
}

#[test]
fn npuzzle_offers_exactly_the_strategies_that_apply() {
    let puzzle = NPuzzle::standard(3, 3).unwrap();
    let board: Board = "1 0 2 3 4 5 6 7 8".parse().unwrap();
    let refuses = |strategy| {
        matches!(
            puzzle.solve(&board, Manhattan::new(&puzzle), &strategy, &Limits::new()),
            Err(SolveError::NotApplicable { .. })
        )
    };
    let expected = applicable(refuses);
    let listed = listed("npuzzle", &["--help"], "strategies");
    assert_eq!(listed, patterns(&NPuzzle::strategies()));
    let offered = sorted(listed);
    assert_eq!(offered, expected);
    // Move strings may differ between strategies (several optimal solutions): compare
    // the lengths.
    let instances = "1 2 5 3 4 0 6 7 8\n3 1 2 4 0 5 6 7 8\n";
    let lengths = |out: &Run| -> Vec<String> {
        out.stdout
            .lines()
            .map(|line| line.split(' ').next().unwrap().to_owned())
            .collect()
    };
    let default = run("npuzzle", &["--quiet"], instances);
    assert_eq!(default.code, Some(0), "{default:?}");
    for strategy in Strategy::ALL {
        let name = &strategy.to_string();
        if offered.iter().any(|s| s == strategy.pattern()) {
            let out = run("npuzzle", &["--quiet", "--strategy", name], instances);
            assert_eq!(out.code, Some(0), "{name}: {out:?}");
            if strategy.is_optimal() {
                assert_eq!(lengths(&out), lengths(&default), "{name}");
            } else {
                // A suboptimal strategy's solutions are no shorter than the optimum.
                for (got, best) in lengths(&out).iter().zip(lengths(&default)) {
                    let (got, best): (u32, u32) = (got.parse().unwrap(), best.parse().unwrap());
                    assert!(got >= best, "{name}: {got} < {best}");
                }
            }
        } else {
            let out = run("npuzzle", &["--strategy", name, "/no/such/file"], "");
            let line = out.error_line();
            assert!(line.contains("does not apply"), "{line}");
        }
    }
    let out = run("npuzzle", &["--strategy", "idastar"], NPUZZLE);
    assert_eq!((out.stdout.as_str(), out.code), (NPUZZLE_OUT, Some(0)));
}

#[test]
fn npuzzle_anytime_stopped_by_a_limit_prints_its_best_solution() {
    // Korf's instance 2 (optimum 55): anytime:3 finds a first solution within 2,000
    // expansions but cannot prove one optimal.
    let board = "13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6\n";
    let args = [
        "--heuristic",
        "md",
        "--strategy",
        "anytime:3",
        "--max-expansions",
        "2000",
        "--quiet",
    ];
    let out = run("npuzzle", &args, board);
    assert_eq!(out.code, Some(0), "{out:?}");
    let (cost, moves) = out.stdout.trim_end().split_once(' ').unwrap();
    let cost: usize = cost.parse().unwrap();
    assert!(cost >= 55 && moves.len() == cost, "{out:?}");
    let mut solved: Board = board.parse().unwrap();
    let dirs = state_search::domains::sliding::npuzzle::parse_moves(moves).unwrap();
    solved.slide_all(&dirs).unwrap();
    assert_eq!(&solved, NPuzzle::standard(4, 4).unwrap().goal());
    assert!(out.stderr.contains("not proven optimal"), "{out:?}");
    // Any other strategy stopped by a limit is an error.
    let args = [
        "--heuristic",
        "md",
        "--strategy",
        "astar",
        "--max-expansions",
        "2000",
    ];
    let line = run("npuzzle", &args, board).error_line().to_owned();
    assert!(line.contains("expansion limit"), "{line}");
}

// --- --threads ---------------------------------------------------------------------

#[test]
fn out_of_range_values_are_refused_before_any_work() {
    let refused = [
        (
            "npuzzle",
            &["--threads", "99999"][..],
            "--threads 99999: at most 1024",
        ),
        (
            "keydoor",
            &["--threads", "1025"],
            "--threads 1025: at most 1024",
        ),
        (
            "layers",
            &["--threads", "5000"],
            "--threads 5000: at most 1024",
        ),
        (
            "compare",
            &["--repeat", "0"],
            "--repeat 0: from 1 to 1000000 runs",
        ),
        (
            "compare",
            &["--repeat", "2000000000"],
            "--repeat 2000000000: from 1",
        ),
        (
            "compare",
            &["--csv", "--json"],
            "--csv and --json exclude each other",
        ),
        (
            "huarong",
            &["--landmarks", "17"],
            "--landmarks 17: at most 16",
        ),
        (
            "mazegen",
            &["keydoor", "5", "5", "2", "101", "10", "1", "7"],
            "WALL% is 101",
        ),
        (
            "mazegen",
            &["palamaze", "5", "5", "2", "10", "10", "200", "0", "7"],
            "KEY% is 200",
        ),
    ];
    for (name, args, message) in refused {
        let out = run(name, args, "");
        let line = out.error_line();
        assert!(line.contains(message), "{name} {args:?}: {line}");
    }
}

#[test]
fn input_errors_say_where_even_for_bytes_that_are_not_text() {
    let path = std::env::temp_dir().join(format!("state-search-cli-{}.in", std::process::id()));
    let cases: [(&[u8], &str); 2] = [
        (b"3 4\nS.a.\n.X\xff\xfeX\nATX.\n", "line 3, column 3"),
        // After a byte order mark, which the readers skip: still column 1.
        (b"\xef\xbb\xbf\xff3 4\n", "line 1, column 1"),
    ];
    for (bytes, place) in cases {
        std::fs::write(&path, bytes).expect("a temporary file");
        let out = run("keydoor", &[&path], "");
        let line = out.error_line();
        assert!(
            line.ends_with(&format!("{place}: byte 0xff is not UTF-8 text")),
            "{line}"
        );
    }
    std::fs::remove_file(&path).expect("the temporary file");
    // A blank line where the header belongs: the line ended, not the input.
    let out = run("keydoor", &["-"], "\n3 4\nS.a.\n.X.X\nATX.\n");
    let line = out.error_line();
    assert!(
        line.contains("line 1, column 1: the line ended, expected the number of rows"),
        "{line}"
    );
}

#[test]
fn pancake_prints_a_random_stack_and_the_fewest_flips_that_sort_it() {
    use state_search::domains::pancake::{Gap, Pancakes};
    for (strategy, gap) in [("astar", "2"), ("mm", "0"), ("idastar", "1")] {
        let args = [
            "--random",
            "9",
            "--seed",
            "3",
            "--strategy",
            strategy,
            "--gap",
            gap,
        ];
        let out = run("pancake", &args, "");
        assert_eq!((out.code, out.stderr.as_str()), (Some(0), ""), "{args:?}");
        let mut lines = out.stdout.lines();
        let mut stack: Vec<u8> = lines
            .next()
            .unwrap()
            .split(' ')
            .map(|s| s.parse().unwrap())
            .collect();
        let (count, flips) = lines.next().unwrap().split_once(": ").unwrap();
        let flips: Vec<usize> = flips.split(' ').map(|s| s.parse().unwrap()).collect();
        for &k in &flips {
            stack[..k].reverse();
        }
        assert!(stack.windows(2).all(|w| w[0] < w[1]), "{args:?}: {stack:?}");
        assert_eq!(count.parse::<usize>().unwrap(), flips.len(), "{args:?}");
        let problem = Pancakes::random(9, 3).unwrap().with_gap(Gap::HELMERT);
        let optimum = problem.solve(&Strategy::AStar, &Limits::new()).unwrap();
        assert_eq!(
            flips.len(),
            optimum.found().unwrap().flips.len(),
            "{args:?}"
        );
    }
}
