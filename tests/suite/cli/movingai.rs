//! The `movingai` example: a scenario file solved and checked against its printed
//! lengths, a forged length reported with exit status 1, and bad arguments and files
//! refused with status 2.

use super::*;

/// The path of a file of `tests/data/movingai`.
fn data(name: &str) -> String {
    format!("{}/tests/data/movingai/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Writes `text` to a fresh file named `name` under the target directory.
fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = examples_dir().join("movingai-test-files");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn movingai_solves_a_scenario_file_with_each_method_as_printed() {
    let (map, scen) = (data("nighthaven.map"), data("nighthaven.map.scen"));
    let args = [
        &map,
        &scen,
        "--every",
        "40",
        "--method",
        "astar",
        "--method",
        "jps",
        "--method",
        "jps:dijkstra",
        "--storage",
        "hashed",
    ];
    let out = run("movingai", &args, "");
    assert_eq!(out.code, Some(0), "{out:?}");
    assert_eq!(out.stderr, "", "{out:?}");
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{out:?}");
    for (line, method) in lines.iter().zip(["astar", "jps", "jps:dijkstra"]) {
        assert!(
            line.starts_with(&format!("{method}: 32/32 as printed, 0 differ;")),
            "{line}"
        );
    }
}

#[test]
fn movingai_reports_a_length_that_differs_from_the_printed_one_with_status_1() {
    let map = temp_file(
        "small.map",
        "type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n",
    );
    // The first length is right (2 straight steps), the second forged: round the wall is 3.
    let scen = temp_file(
        "small.scen",
        "version 1\n0\tsmall.map\t3\t2\t0\t0\t2\t0\t2.00000000\n0\tsmall.map\t3\t2\t0\t0\t2\t1\t4.00000000\n",
    );
    let out = run(
        "movingai",
        &[
            map.as_os_str(),
            scen.as_os_str(),
            "--method".as_ref(),
            "jps".as_ref(),
        ],
        "",
    );
    assert_eq!(out.code, Some(1), "{out:?}");
    assert!(
        out.stdout.starts_with("jps: 1/2 as printed, 1 differ;"),
        "{out:?}"
    );
    assert_eq!(
        out.stderr, "jps: (0, 0) -> (1, 2) found 3.00000000, printed 4.00000000\n",
        "{out:?}"
    );
}

#[test]
fn movingai_refuses_bad_arguments_and_files_in_one_line_with_status_2() {
    let (map, scen) = (data("nighthaven.map"), data("nighthaven.map.scen"));
    let bad_map = temp_file("bad.map", "type octile\nheight 1\nwidth 2\nmap\n.x\n");
    let bad_map = bad_map.to_str().unwrap();
    let cases: [(&[&str], &str); 8] = [
        (&[&map], "expected two files"),
        (
            &[&map, &scen, "--method", "bfs"],
            "strategy bfs does not apply",
        ),
        (&[&map, &scen, "--method", "jps:nope"], "unknown strategy"),
        (
            &[&map, &scen, "--method", "jps:bidijkstra", "--first", "1"],
            "jps:bidijkstra",
        ),
        (&[&map, &scen, "--every", "0"], "--every"),
        (&[&map, &scen, "--buckets", "5-2"], "--buckets is A-B"),
        (&[&map, &scen, "--buckets", "x"], "--buckets is A-B"),
        (&[bad_map, &scen], "line 5, column 2"),
    ];
    for (args, expected) in cases {
        let out = run("movingai", args, "");
        let line = out.error_line();
        assert!(line.contains(expected), "{args:?}: {line}");
    }
}

#[test]
fn movingai_buckets_keep_the_scenarios_of_those_buckets() {
    let (map, scen) = (data("nighthaven.map"), data("nighthaven.map.scen"));
    let text = std::fs::read_to_string(&scen).unwrap();
    let bucket = |line: &str| line.split_whitespace().next()?.parse::<u32>().ok();
    let in_band = text
        .lines()
        .skip(1)
        .filter(|l| matches!(bucket(l), Some(3..=5)))
        .count();
    assert!(in_band > 3, "{in_band}");
    let out = run(
        "movingai",
        &[&map, &scen, "--buckets", "3-5", "--method", "jps"],
        "",
    );
    assert_eq!(out.code, Some(0), "{out:?}");
    let expected = format!("jps: {in_band}/{in_band} as printed, 0 differ;");
    assert!(out.stdout.starts_with(&expected), "{expected} in {out:?}");
}

#[test]
fn movingai_svg_draws_the_first_scenario_run_once_per_method() {
    let (map, scen) = (data("nighthaven.map"), data("nighthaven.map.scen"));
    let dir = examples_dir().join("movingai-test-svg");
    let _ = std::fs::remove_dir_all(&dir);
    let dir_text = dir.to_str().unwrap();
    // Bucket 10's first scenario; its number in the file names the picture.
    let text = std::fs::read_to_string(&scen).unwrap();
    let number = 1 + text
        .lines()
        .skip(1)
        .position(|l| l.starts_with("10\t") || l.starts_with("10 "))
        .unwrap();
    let args = [
        &map,
        &scen,
        "--buckets",
        "10",
        "--first",
        "1",
        "--method",
        "astar",
        "--method",
        "jps",
        "--svg",
        dir_text,
    ];
    let out = run("movingai", &args, "");
    assert_eq!(out.code, Some(0), "{out:?}");
    let file = dir.join(format!("nighthaven-{number}.svg"));
    assert!(
        out.stderr.contains(&format!("wrote {}", file.display())),
        "{out:?}"
    );
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(
        svg.starts_with("<svg ") && svg.ends_with("</svg>\n"),
        "{svg:.200}"
    );
    // One caption and one path per method, the caption with the expansions printed.
    for (line, method) in out.stdout.lines().zip(["astar", "jps"]) {
        let expanded = line
            .split("; ")
            .nth(1)
            .unwrap()
            .trim_end_matches(" expanded");
        let caption = format!(">{method}: {expanded} expanded, length ");
        assert!(svg.contains(&caption), "{caption} in {line}");
    }
    assert_eq!(svg.matches("<polyline ").count(), 2);
}

/// `--four`: both agents and the fresh A* move in four directions; every replan's cost is
/// whole, and LPA*'s (from the scenario's start) at least the Manhattan distance between
/// the scenario's ends.
#[test]
fn replan_four_moves_straight_only() {
    let out = replan_scattered(&["--first", "2", "--changes", "2", "--four", "--verbose"]);
    assert_eq!(out.code, Some(0), "{out:?}");
    let mut checked = 0;
    for line in out.stdout.lines().filter(|l| l.contains(": cost ")) {
        // "lpa* (257, 70) -> (239, 180): cost 136.00000000, replan ..."
        let numbers: Vec<f64> = line
            .split(|c: char| !(c.is_ascii_digit() || c == '.'))
            .filter_map(|t| t.parse().ok())
            .collect();
        let (ends, cost) = (&numbers[..4], numbers[4]);
        let manhattan = (ends[0] - ends[2]).abs() + (ends[1] - ends[3]).abs();
        let lpa = line.starts_with("lpa*");
        assert!(cost.fract() == 0.0 && (cost >= manhattan || !lpa), "{line}");
        checked += 1;
    }
    assert!(checked >= 8, "{out:?}");
}

/// A block as large as `--block` accepts (an odd `u32`) is clipped to the map: it closes
/// every cell but the agent's and the goal's, at the cost of the map's size, not of
/// 2^64 cells.
#[test]
fn replan_clips_a_huge_block_to_the_map() {
    let (map, scen) = (data("den602d.map"), data("den602d.map.scen"));
    let args = [
        &map,
        &scen,
        "--first",
        "1",
        "--changes",
        "1",
        "--block",
        "4294967295",
    ];
    let out = run("replan", &args, "");
    assert_eq!(out.code, Some(0), "{out:?}");
    assert!(out.stdout.contains("lpa*: 1 replans"), "{out:?}");
}

/// `replan` on den602d's scenarios of bucket 30 and above, 2% of the cells toggled at
/// each change, with `extra` options.
fn replan_scattered(extra: &[&str]) -> Run {
    let (map, scen) = (data("den602d.map"), data("den602d.map.scen"));
    let mut args = vec![map.as_str(), &scen, "--min-bucket", "30"];
    // Given once: an option twice with different values is a usage error.
    if !extra.contains(&"--scatter") {
        args.extend(["--scatter", "2"]);
    }
    args.extend_from_slice(extra);
    run("replan", &args, "")
}

#[test]
fn replan_scatter_toggles_cells_anywhere_and_each_replan_equals_a_fresh_a_star() {
    // Status 0: every replan's cost equals the fresh A*'s on the changed map.
    let out = replan_scattered(&["--first", "3", "--changes", "3"]);
    assert_eq!(out.code, Some(0), "{out:?}");
    for agent in ["lpa*", "d*lite"] {
        let line = out.stdout.lines().find(|l| l.starts_with(agent)).unwrap();
        assert!(line.contains(" replans over 3 scenarios"), "{line}");
    }
    // The cells toggled near LPA*'s path give its replans work to do.
    let lpa = out.stdout.lines().find(|l| l.starts_with("lpa*")).unwrap();
    let expanded = lpa.split("median expanded ").nth(1).unwrap();
    let expanded: u64 = expanded.split(' ').next().unwrap().parse().unwrap();
    assert!(expanded > 0, "{lpa}");
    for bad in ["101", "-1", "x"] {
        let out = replan_scattered(&["--scatter", bad]);
        assert!(
            out.error_line().contains("--scatter is a percentage"),
            "{out:?}"
        );
    }
}
