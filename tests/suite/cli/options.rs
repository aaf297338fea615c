//! Options that contradict each other: an option given twice with different values, or
//! two options that exclude each other, are a usage error (status 2, one line), not a
//! silent choice of the last one or of one of them.

use super::{HUARONG, HUARONG_OUT, KLOTSKI, NPUZZLE, run};

#[test]
fn an_option_given_twice_with_different_values_is_a_usage_error() {
    let cases: [(&str, &[&str], &str, &str); 14] = [
        (
            "huarong",
            &["--method", "plain", "--method", "abstract"],
            HUARONG,
            "--method",
        ),
        // `--engine` is the older name of `--strategy`.
        (
            "huarong",
            &["--strategy", "bfs", "--engine", "astar"],
            HUARONG,
            "--strategy",
        ),
        (
            "huarong",
            &["--landmarks", "2", "--landmarks", "4"],
            HUARONG,
            "--landmarks",
        ),
        (
            "klotski",
            &["-", "--metric", "step", "--metric", "line"],
            KLOTSKI,
            "--metric",
        ),
        (
            "keydoor",
            &["--objective", "keys", "--objective", "moves"],
            "1 3\nSaT\n",
            "--objective",
        ),
        (
            "keydoor",
            &["--strategy", "bfs", "--strategy", "astar"],
            "1 3\nSaT\n",
            "--strategy",
        ),
        (
            "palamaze",
            &["--strategy", "bfs", "--strategy", "astar"],
            "1 3\n#+$\n",
            "--strategy",
        ),
        (
            "pancake",
            &["--gap", "1", "--gap", "2"],
            "3 4 0 2 1\n",
            "--gap",
        ),
        (
            "npuzzle",
            &["--order", "ULRD", "--order", "DRLU"],
            NPUZZLE,
            "--order",
        ),
        (
            "npuzzle",
            &["--goal", "first", "--goal", "last"],
            NPUZZLE,
            "--goal",
        ),
        ("movingai", &["--every", "1", "--every", "2"], "", "--every"),
        ("replan", &["--every", "1", "--every", "2"], "", "--every"),
        (
            "layers",
            &["--threads", "1", "--threads", "2"],
            "",
            "--threads",
        ),
        (
            "compare",
            &["--repeat", "1", "--repeat", "2"],
            "",
            "--repeat",
        ),
    ];
    for (name, args, input, flag) in cases {
        let out = run(name, args, input);
        let line = out.error_line();
        assert!(
            line.starts_with(&format!(
                "{name}: {flag} given twice with different values ("
            )),
            "{name} {args:?}: {line}"
        );
    }
    // The same value twice says one thing.
    let out = run(
        "huarong",
        &["--method", "plain", "--method", "plain"],
        HUARONG,
    );
    assert_eq!(
        (out.stdout.as_str(), out.code),
        (HUARONG_OUT, Some(0)),
        "{out:?}"
    );
}

#[test]
fn options_that_exclude_each_other_are_a_usage_error() {
    let cases: [(&str, &[&str], &str, &str); 9] = [
        (
            "npuzzle",
            &["--pdb-cache", "/tmp", "--no-cache"],
            NPUZZLE,
            "exclude each other",
        ),
        (
            "npuzzle",
            &["--progress", "--quiet"],
            NPUZZLE,
            "exclude each other",
        ),
        // The lookups of pattern databases mean nothing to md or lc.
        (
            "npuzzle",
            &["--heuristic", "md", "--dual"],
            NPUZZLE,
            "--dual is for pattern databases",
        ),
        (
            "npuzzle",
            &["--no-reflection", "--heuristic", "lc"],
            NPUZZLE,
            "--no-reflection is for pattern databases",
        ),
        // --generate writes an input; the options of a solve and an input file say
        // otherwise, and --seed or --fixed without it are ignored.
        (
            "huarong",
            &["--generate", "2", "2", "1", "-"],
            "",
            "reads no FILE",
        ),
        (
            "huarong",
            &["--generate", "2", "2", "1", "--method", "plain"],
            "",
            "--method applies to solving, not to --generate",
        ),
        (
            "huarong",
            &["--seed", "7"],
            HUARONG,
            "--seed applies only with --generate",
        ),
        (
            "huarong",
            &["--fixed", "7"],
            HUARONG,
            "--fixed applies only with --generate",
        ),
        (
            "pancake",
            &["--seed", "7"],
            "3 4 0 2 1\n",
            "--seed applies only with --random",
        ),
    ];
    for (name, args, input, message) in cases {
        let out = run(name, args, input);
        let line = out.error_line();
        assert!(line.contains(message), "{name} {args:?}: {line}");
    }
}
