//! The documents that list the strategies say what the strategy table says: the README's
//! table is the table, row for row, and the rustdoc table of `Strategy` lists every
//! spelling's pattern in the table's order.

use state_search::Strategy;
use state_search::strategy::{Guarantee, StrategyInfo};

/// The README, as the crate's users read it.
const README: &str = include_str!("../../README.md");

/// The `Strategy` docs.
const STRATEGY_DOCS: &str = include_str!("../../src/strategy/mod.rs");

/// Every strategy of this build, in the table's order.
fn every_strategy() -> Vec<Strategy> {
    let every = Strategy::ALL.to_vec();
    #[cfg(feature = "parallel")]
    let every = [every, Strategy::PARALLEL.to_vec()].concat();
    every
}

/// The README's row for a strategy.
fn readme_row(info: &StrategyInfo) -> String {
    let guarantee = match info.guarantee {
        // The row is for the pattern (`wastar:W`), not the representative weight.
        Guarantee::Bounded(_) => "at most W x optimal".to_owned(),
        other => other.to_string(),
    };
    let needs = if info.requirements.is_empty() {
        "-".to_owned()
    } else {
        let needs: Vec<&str> = info.requirements.iter().map(|r| r.describe()).collect();
        needs.join(", ")
    };
    let heuristic = if info.uses_heuristic { "yes" } else { "no" };
    format!(
        "| `{}` | {guarantee} | {heuristic} | {needs} | {} |",
        info.pattern, info.summary
    )
}

/// The lines of the README between its strategy-table markers, header excluded.
fn readme_table() -> Vec<&'static str> {
    let start = README
        .find("<!-- strategy table: start -->")
        .expect("the README marks its strategy table");
    let end = README
        .find("<!-- strategy table: end -->")
        .expect("the README marks its strategy table's end");
    README[start..end]
        .lines()
        .filter(|line| line.starts_with("| `"))
        .collect()
}

#[test]
fn the_readme_s_strategy_table_is_the_strategy_table() {
    let expected: Vec<String> = every_strategy()
        .into_iter()
        .map(|s| readme_row(&s.info()))
        .collect();
    let table = readme_table();
    // Without the `parallel` feature its three rows are not in this build's table.
    let extra = if cfg!(feature = "parallel") { 0 } else { 3 };
    assert_eq!(
        table.len(),
        expected.len() + extra,
        "expected rows:\n{}",
        expected.join("\n")
    );
    for (row, want) in table.iter().zip(&expected) {
        assert_eq!(row, want, "expected rows:\n{}", expected.join("\n"));
    }
}

#[test]
fn the_strategy_docs_list_every_pattern_in_order() {
    let listed: Vec<&str> = STRATEGY_DOCS
        .lines()
        .filter_map(|line| line.strip_prefix("/// | `"))
        .filter_map(|rest| rest.split_once('`').map(|(pattern, _)| pattern))
        .filter(|pattern| *pattern != "spelling")
        .collect();
    let patterns: Vec<&str> = every_strategy()
        .into_iter()
        .map(Strategy::pattern)
        .collect();
    let extra = if cfg!(feature = "parallel") { 0 } else { 3 };
    assert_eq!(listed.len(), patterns.len() + extra, "{listed:?}");
    assert_eq!(listed[..patterns.len()], patterns[..]);
}
