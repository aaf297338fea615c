//! The `npuzzle` example's `--necessary`: the count it prints against a breadth-first
//! oracle, and the arguments it refuses.

use super::*;
use crate::common::npuzzle::distances;

/// The Manhattan distance of an 8-puzzle board to the goal with tile `i` on cell `i`.
fn manhattan(board: &[u8]) -> u32 {
    let mut sum = 0;
    for (cell, &tile) in board.iter().enumerate() {
        if tile != 0 {
            let (r, c, gr, gc) = (
                cell / 3,
                cell % 3,
                usize::from(tile) / 3,
                usize::from(tile) % 3,
            );
            sum += r.abs_diff(gr) + c.abs_diff(gc);
        }
    }
    u32::try_from(sum).unwrap()
}

/// The number in `(N necessary)` on the `line 1:` statistics line.
fn necessary_count(stderr: &str) -> u64 {
    let line = stderr.lines().find(|l| l.starts_with("line 1:")).unwrap();
    let (before, _) = line.split_once(" necessary)").unwrap();
    before.rsplit('(').next().unwrap().parse().unwrap()
}

#[test]
fn npuzzle_necessary_counts_the_boards_below_the_optimum_by_breadth_first_search() {
    let goal: Vec<u8> = (0..9).collect();
    let from_goal = distances(3, 3, &goal);
    // The first board (in order) 16 moves from the goal.
    let start = from_goal
        .iter()
        .filter(|&(_, &d)| d == 16)
        .map(|(b, _)| b.clone())
        .min()
        .unwrap();
    // Every board's distance from the start: the necessary ones have g* + h < C* = 16.
    let from_start = distances(3, 3, &start);
    let expected = from_start
        .iter()
        .filter(|&(board, &g)| g + manhattan(board) < 16)
        .count() as u64;
    assert!(expected > 16, "{expected}");
    let text: Vec<String> = start.iter().map(u8::to_string).collect();
    let input = format!("{}\n", text.join(" "));
    // A* expands them all; Dijkstra too (with every other board of g* < 16).
    for strategy in ["astar", "dijkstra"] {
        let args = ["--heuristic", "md", "--strategy", strategy, "--necessary"];
        let out = run("npuzzle", &args, &input);
        assert_eq!(out.code, Some(0), "{out:?}");
        assert!(out.stdout.starts_with("16 "), "{out:?}");
        assert_eq!(
            necessary_count(&out.stderr),
            expected,
            "{strategy}: {out:?}"
        );
    }
}

#[test]
fn npuzzle_necessary_needs_a_strategy_that_stores_boards() {
    for args in [
        &["--necessary"][..],
        &["--necessary", "--stats", "--strategy", "gbfs"],
        &["--stats", "--strategy", "idastar", "--necessary"],
    ] {
        let out = run("npuzzle", args, NPUZZLE);
        assert!(
            out.error_line()
                .contains("--necessary needs an optimal strategy"),
            "{out:?}"
        );
    }
}

/// The total node count of `--stats`' last line (`total: N instances, X nodes, ...`).
fn total_nodes(stderr: &str) -> u64 {
    let line = stderr.lines().find(|l| l.starts_with("total:")).unwrap();
    let (_, rest) = line.split_once("instances, ").unwrap();
    rest.split_whitespace().next().unwrap().parse().unwrap()
}

/// `--dual`: the same optimal moves on three of Korf's 15-puzzles with the 5-5-5 databases,
/// fewer nodes, and the databases line says so; the 24-puzzle's databases on a 4x4 board
/// are refused naming their board.
#[test]
fn npuzzle_dual_lookups_keep_the_answers_and_save_nodes_and_pdb6666_needs_a_5x5_board() {
    let input = "14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15\n\
                 4 5 7 2 9 14 12 13 0 3 6 11 8 1 15 10\n\
                 0 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15\n";
    let base = [
        "--heuristic",
        "pdb555",
        "--no-cache",
        "--stats",
        "--threads",
        "1",
    ];
    let plain = run("npuzzle", &base, input);
    let dual = run("npuzzle", &[&base[..], &["--dual"]].concat(), input);
    for out in [&plain, &dual] {
        assert_eq!(out.code, Some(0), "{out:?}");
    }
    assert_eq!(plain.stdout, dual.stdout);
    let lengths: Vec<&str> = plain
        .stdout
        .lines()
        .map(|l| l.split(' ').next().unwrap())
        .collect();
    assert_eq!(lengths, ["45", "42", "42"]);
    assert!(
        dual.stderr.contains("with reflection and dual lookups"),
        "{dual:?}"
    );
    assert!(
        total_nodes(&dual.stderr) < total_nodes(&plain.stderr),
        "{plain:?} {dual:?}"
    );
    let out = run("npuzzle", &["--heuristic", "pdb6666", "--no-cache"], input);
    assert_eq!(out.code, Some(2), "{out:?}");
    assert!(
        out.error_line()
            .contains("the 6-6-6-6 partition is for the 5x5 board, not 4x4"),
        "{out:?}"
    );
}

/// The attack a review made: one entry of each cached 5-5-5 database raised to the most
/// it holds, at the board's own placements, and the files signed again. Signed with a key
/// that is not the user's, the files are built again and the answer stays optimal.
#[test]
fn npuzzle_rebuilds_cached_databases_it_did_not_sign() {
    use state_search::domains::sliding::pdb::{CacheKey, Partition, PatternDatabase, PatternSet};
    let dir = std::env::temp_dir().join(format!("state-search-cli-forged-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (key, cache) = (dir.join("config").join("pdb.key"), dir.join("cache"));
    let board = "14 1 9 6 4 8 12 5 7 2 3 0 10 11 13 15";
    let solve = || {
        let mut command = Command::new(example("npuzzle"));
        command.env("STATE_SEARCH_PDB_KEY", &key).args([
            "--heuristic".as_ref(),
            "pdb555".as_ref(),
            "--pdb-cache".as_ref(),
            cache.as_os_str(),
        ]);
        run_command(command, board, Duration::from_mins(2))
    };
    let first = solve();
    assert_eq!(first.code, Some(0), "{first:?}");
    assert!(first.stdout.starts_with("45 "), "{first:?}");
    let puzzle = NPuzzle::standard(4, 4).unwrap();
    let cells: Vec<u8> = {
        let tiles: Vec<u8> = board.split(' ').map(|t| t.parse().unwrap()).collect();
        (0..16)
            .map(|t| u8::try_from(tiles.iter().position(|&x| x == t).unwrap()).unwrap())
            .collect()
    };
    let mine = CacheKey::load_or_create(&key).unwrap();
    for tiles in PatternSet::partition_tiles(&puzzle, Partition::Fifteen555).unwrap() {
        let name = std::fs::read_dir(&cache)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .find(|path| {
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                tiles.iter().all(|t| name.contains(&format!("-{t}@")))
            })
            .unwrap();
        let db = PatternDatabase::load(&name, &mine).unwrap();
        let placement: Vec<u8> = db.tiles().iter().map(|&t| cells[usize::from(t)]).collect();
        let target = db.rank(&placement);
        crate::pdb_cache::forge(
            &name,
            &[9; 32],
            |rank, v| if rank == target { 15 } else { v },
        );
    }
    let again = solve();
    assert_eq!(again.code, Some(0), "{again:?}");
    assert_eq!(again.stdout, first.stdout);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A relative `XDG_CONFIG_HOME` or `HOME` names no key file (the XDG rule: the key
/// would land wherever the program runs); `--pdb-cache` then says so, and a run that
/// only looks for cached databases goes on without them.
#[test]
fn npuzzle_puts_no_key_under_a_relative_home() {
    let dir = std::env::temp_dir().join(format!("state-search-cli-relkey-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let run_in = |args: &[&str]| {
        let mut command = Command::new(example("npuzzle"));
        command
            .current_dir(&dir)
            .env_remove("STATE_SEARCH_PDB_KEY")
            .env_remove("STATE_SEARCH_PDB_DIR")
            .env("XDG_CONFIG_HOME", "config")
            .env("XDG_CACHE_HOME", "cache")
            .env("HOME", "home")
            .args(args);
        run_command(command, "1 0 2 3 4 5 6 7 8\n", Duration::from_mins(1))
    };
    let out = run_in(&["--pdb-cache", "pdbs", "--heuristic", "pdb555"]);
    assert!(out.error_line().contains("no key file"), "{out:?}");
    let out = run_in(&[]);
    assert_eq!(
        (out.code, out.stdout.as_str()),
        (Some(0), "1 L\n"),
        "{out:?}"
    );
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}
