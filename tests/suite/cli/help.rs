//! Every example program's `--help`: its options, its input format and its exit statuses.

use super::*;

/// The programs and whether they read an input whose format `--help` must describe.
const HELPED: [(&str, bool); 11] = [
    ("keydoor", true),
    ("movingai", true),
    ("palamaze", true),
    ("npuzzle", true),
    ("huarong", true),
    ("klotski", true),
    ("pancake", true),
    ("compare", false),
    ("layers", false),
    ("mazegen", false),
    ("distributed-layers", false),
];

/// Each program of [`HELPED`] that this build has (`distributed-layers` needs its
/// features), with its `--help` run, which must succeed and end its last line.
fn helps() -> impl Iterator<Item = (&'static str, bool, Run)> {
    let built = cfg!(all(feature = "distributed", feature = "domains"));
    HELPED
        .into_iter()
        .filter(move |&(name, _)| built || name != "distributed-layers")
        .map(|(name, reads_input)| {
            let help = run(name, &["--help"], "");
            assert_eq!(help.code, Some(0), "{name}: {help:?}");
            assert!(help.stdout.ends_with('\n'), "{name}: {help:?}");
            (name, reads_input, help)
        })
}

#[test]
fn every_programs_help_describes_each_option_of_its_usage_its_input_and_its_exit_statuses() {
    for (name, reads_input, out) in helps() {
        // The usage is the first paragraph; the options are described after it.
        let (usage, rest) = out.stdout.split_once("\n\n").unwrap_or((&out.stdout, ""));
        assert!(usage.starts_with("usage: "), "{name}: {}", out.stdout);
        let described: Vec<&str> = rest.lines().collect();
        let options = usage
            .split(|c: char| c.is_whitespace() || "[]|".contains(c))
            .filter(|word| word.starts_with('-') && word.len() > 1);
        for option in options {
            assert!(
                described
                    .iter()
                    .any(|line| line.trim_start().starts_with(option)
                        || line.contains(&format!(", {option}"))),
                "{name}: {option} is not described in\n{}",
                out.stdout
            );
        }
        let section = |title: &str| described.iter().any(|line| line.starts_with(title));
        assert_eq!(section("Input: "), reads_input, "{name}: {}", out.stdout);
        assert!(section("Exit status: "), "{name}: {}", out.stdout);
    }
}

#[test]
fn help_with_a_value_is_an_error_in_every_program() {
    for (name, _, _) in helps() {
        let out = run(name, &["--help=1"], "");
        assert_eq!(out.code, Some(2), "{name}: {out:?}");
        assert!(
            out.error_line().contains("--help takes no value"),
            "{name}: {out:?}"
        );
    }
}
