//! The example programs on several threads: `--threads` checked, and the same answers on
//! any number of threads.

use super::*;

const KEYDOOR_SAMPLE: &str = include_str!("../../data/keydoor/sample.in");
const KEYDOOR_KEYS: &str = include_str!("../../data/keydoor/fewest-keys.in");

#[test]
fn keydoor_threads_must_be_a_positive_number() {
    for (value, says) in [
        ("0", "--threads must be at least 1"),
        ("two", "--threads: \"two\" is not valid"),
        ("-1", "--threads"),
    ] {
        let out = run("keydoor", &["--threads", value], KEYDOOR_SAMPLE);
        let line = out.error_line();
        assert!(line.contains(says), "{value}: {line}");
    }
    let out = run("keydoor", &["--threads"], KEYDOOR_SAMPLE);
    assert!(out.error_line().contains("--threads needs a value"));
    let out = run("keydoor", &["--threads", "2"], KEYDOOR_SAMPLE);
    if cfg!(feature = "parallel") {
        assert_eq!(out.code, Some(0), "{out:?}");
    } else {
        assert!(out.error_line().contains("needs the `parallel` feature"));
    }
}

#[test]
fn keydoor_prints_the_same_routes_on_one_and_two_threads() {
    let mut cases: Vec<Vec<&str>> = vec![
        vec![],
        vec!["--strategy", "astar"],
        vec!["--objective", "moves"],
        vec!["--objective", "moves", "--strategy", "astar"],
    ];
    if cfg!(feature = "parallel") {
        cases.push(vec!["--strategy", "hda"]);
        cases.push(vec!["--objective", "moves", "--strategy", "par-bfs"]);
        cases.push(vec!["--objective", "moves", "--strategy", "hda"]);
    }
    let threads: &[&str] = if cfg!(feature = "parallel") {
        &["1", "2", "8"]
    } else {
        &["1"]
    };
    for input in [KEYDOOR_SAMPLE, KEYDOOR_KEYS, "1 3\nSaT\n"] {
        let sequential = run("keydoor", &["--threads", "1"], input);
        assert_eq!(sequential.code, Some(0), "{sequential:?}");
        for args in &cases {
            for &n in threads {
                let mut all = args.clone();
                all.extend(["--threads", n]);
                let out = run("keydoor", &all, input);
                let expected = run("keydoor", args, input);
                assert_eq!(out.code, Some(0), "{all:?}: {out:?}");
                assert_eq!(out.stdout, expected.stdout, "{all:?}");
                assert_eq!(out.stderr, "", "{all:?}");
            }
        }
    }
    // The strategy that ran is the parallel one, as --stats says.
    if cfg!(feature = "parallel") {
        let out = run(
            "keydoor",
            &["--strategy", "astar", "--threads", "2", "--stats"],
            KEYDOOR_SAMPLE,
        );
        assert!(out.stderr.starts_with("keydoor: strategy hda: "), "{out:?}");
        // One thread unless more are asked for: the parallel engines are slower here.
        for args in [&["--threads", "1"][..], &[]] {
            let out = run(
                "keydoor",
                &[&["--strategy", "astar", "--stats"][..], args].concat(),
                KEYDOOR_SAMPLE,
            );
            assert!(
                out.stderr.starts_with("keydoor: strategy astar: "),
                "{out:?}"
            );
        }
    }
}

/// Korf's #79, #12, #42 and #55: half a million to a million nodes each with Manhattan
/// distance, optimal plans of 42, 45, 42 and 41 moves.
const KORF_EASY: &str = "0 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15
14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15
4 5 7 2 9 14 12 13 0 3 6 11 8 1 15 10
13 8 14 3 9 1 0 7 15 5 4 10 12 2 6 11
";

#[test]
fn npuzzle_prints_the_same_plans_on_any_number_of_threads() {
    let sequential = run(
        "npuzzle",
        &["--heuristic", "md", "--threads", "1"],
        KORF_EASY,
    );
    assert_eq!(sequential.code, Some(0), "{sequential:?}");
    let lengths: Vec<&str> = sequential
        .stdout
        .lines()
        .map(|line| line.split(' ').next().unwrap())
        .collect();
    assert_eq!(lengths, ["42", "45", "42", "41"]);
    let threads: &[&str] = if cfg!(feature = "parallel") {
        &["2", "3", "8"]
    } else {
        &[]
    };
    for &n in threads {
        let out = run("npuzzle", &["--heuristic", "md", "--threads", n], KORF_EASY);
        assert_eq!(out.code, Some(0), "{n} threads: {out:?}");
        assert_eq!(out.stdout, sequential.stdout, "{n} threads");
        assert_eq!(out.stderr, "", "{n} threads");
        // `par-idastar` by name is the same search.
        let args = [
            "--heuristic",
            "md",
            "--strategy",
            "par-idastar",
            "--threads",
            n,
        ];
        let named = run("npuzzle", &args, KORF_EASY);
        assert_eq!(named.code, Some(0), "{n} threads: {named:?}");
        assert_eq!(named.stdout, sequential.stdout, "par-idastar, {n} threads");
    }
    // A bad line after good ones: nothing is solved, one error line.
    let bad = format!("{KORF_EASY}1 2 3\n");
    for &n in threads.iter().chain(&["1"]) {
        let out = run("npuzzle", &["--heuristic", "md", "--threads", n], &bad);
        assert_eq!(out.code, Some(2), "{n} threads: {out:?}");
        assert_eq!(out.stdout, "", "{n} threads");
        assert!(out.error_line().starts_with("npuzzle: line 5"), "{out:?}");
    }
    // A search stopped by a limit: the plans before it are printed, then one error line,
    // even when later instances were being solved at the same time.
    let stopped = format!("1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n{KORF_EASY}");
    for &n in threads.iter().chain(&["1"]) {
        let args = [
            "--heuristic",
            "md",
            "--max-expansions",
            "1000",
            "--threads",
            n,
        ];
        let out = run("npuzzle", &args, &stopped);
        assert_eq!(out.code, Some(2), "{n} threads: {out:?}");
        assert_eq!(out.stdout, "1 L\n", "{n} threads");
        assert_eq!(out.stderr.lines().count(), 1, "{n} threads: {out:?}");
        assert!(out.stderr.starts_with("npuzzle: line 2: "), "{out:?}");
    }
}

#[test]
fn npuzzle_max_seconds_is_each_instance_s() {
    // 160 instances of about 10 ms each: more than a quarter of a second in all, far less
    // each.
    let many = KORF_EASY.repeat(40);
    let args = [
        "--heuristic",
        "md",
        "--threads",
        "1",
        "--max-seconds",
        "0.25",
    ];
    let out = run("npuzzle", &args, &many);
    assert_eq!(out.code, Some(0), "{out:?}");
    assert_eq!(out.stdout.lines().count(), 160);
}

/// The problem, strategy, outcome and cost columns of a `compare --csv` report.
fn compare_costs(args: &[&str]) -> Vec<String> {
    // Problems whose costs are numbers (no comma in the cell), with room for the extra
    // expansions of hda on several threads.
    let mut all = vec!["--quick", "--csv", "--limit-expansions", "10000000"];
    all.extend(["--problem", "maze 24x24,keydoor 60x60 fewest moves"]);
    all.extend(args);
    let out = run("compare", &all, "");
    assert_eq!(out.code, Some(0), "{all:?}: {out:?}");
    out.stdout
        .lines()
        .skip(1)
        .map(|line| line.split(',').take(4).collect::<Vec<_>>().join(","))
        .collect()
}

#[test]
fn compare_threads_must_be_a_positive_number_and_change_no_cost() {
    for value in ["0", "many"] {
        let out = run("compare", &["--threads", value], "");
        assert_eq!((out.code, out.stdout.as_str()), (Some(2), ""), "{out:?}");
        assert!(out.stderr.starts_with("compare: --threads"), "{out:?}");
        assert_eq!(out.stderr.lines().count(), 1, "{out:?}");
    }
    if cfg!(feature = "parallel") {
        let strategies = ["--strategy", "astar,bfs,hda,par-bfs"];
        let one = compare_costs(&[strategies[0], strategies[1], "--threads", "1"]);
        let two = compare_costs(&[strategies[0], strategies[1], "--threads", "2"]);
        assert_eq!(one, two);
        // hda costs what astar costs, par-bfs what bfs costs, where they run.
        for row in &one {
            assert!(!row.contains(",failed"), "{row}");
        }
        let cost_of = |strategy: &str, problem: &str| {
            one.iter()
                .find(|row| row.starts_with(problem) && row.split(',').nth(1) == Some(strategy))
                .map(|row| row.rsplit(',').next().unwrap().to_owned())
        };
        for problem in ["maze 24x24", "keydoor 60x60 fewest moves"] {
            assert_eq!(
                cost_of("hda", problem),
                cost_of("astar", problem),
                "{problem}"
            );
            assert_eq!(
                cost_of("par-bfs", problem),
                cost_of("bfs", problem),
                "{problem}"
            );
        }
    } else {
        let out = run("compare", &["--threads", "2"], "");
        assert!(
            out.stderr.contains("needs the `parallel` feature"),
            "{out:?}"
        );
        let one = compare_costs(&["--strategy", "astar", "--threads", "1"]);
        assert_eq!(one, compare_costs(&["--strategy", "astar"]));
    }
}
