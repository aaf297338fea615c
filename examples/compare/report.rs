//! The rows of the comparison table and how they are measured and printed.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use state_search::{Outcome, Stats};

/// One engine on one problem.
pub struct Row {
    /// The problem, e.g. `maze 300x300 uniform`.
    pub problem: String,
    /// The engine and its storage, e.g. `bfs dense`.
    pub engine: String,
    /// The cost found, `none` (no path) or `stopped: ...`.
    pub cost: String,
    /// States expanded.
    pub expanded: u64,
    /// Successors generated.
    pub generated: u64,
    /// Wall time of the search, engine construction included.
    pub time: Duration,
    /// Heap bytes held by the engine's store, queue and tables after the search.
    pub memory: usize,
}

/// What a measured run reports back: the outcome's cost, the stats, the engine's memory.
pub struct Run {
    /// The cost as text, or `None` when no path exists.
    pub cost: Option<String>,
    /// Set when the search stopped early.
    pub stopped: Option<String>,
    /// The engine's statistics.
    pub stats: Stats,
    /// The engine's memory after the search, in bytes.
    pub memory: usize,
}

impl Run {
    /// A run from a search outcome; `cost` renders the solution's cost.
    pub fn from_outcome<T>(
        outcome: &Outcome<T>,
        stats: Stats,
        memory: usize,
        cost: impl Fn(&T) -> String,
    ) -> Self {
        let (cost, stopped) = match outcome {
            Outcome::Found(found) => (Some(cost(found)), None),
            Outcome::NoPath => (None, None),
            Outcome::Stopped(reason) => (None, Some(reason.to_string())),
        };
        Self {
            cost,
            stopped,
            stats,
            memory,
        }
    }
}

/// Runs `search` once, timing it, and makes the row.
pub fn measure(problem: &str, engine: &str, search: impl FnOnce() -> Run) -> Row {
    let started = Instant::now();
    let run = search();
    let time = started.elapsed();
    let cost = match (run.cost, run.stopped) {
        (_, Some(reason)) => reason,
        (Some(cost), None) => cost,
        (None, None) => "none".to_owned(),
    };
    Row {
        problem: problem.to_owned(),
        engine: engine.to_owned(),
        cost,
        expanded: run.stats.expanded,
        generated: run.stats.generated,
        time,
        memory: run.memory,
    }
}

const HEADER: [&str; 7] = [
    "problem",
    "engine",
    "cost",
    "expanded",
    "generated",
    "time_ms",
    "memory_kib",
];

fn cells(row: &Row) -> [String; 7] {
    [
        row.problem.clone(),
        row.engine.clone(),
        row.cost.clone(),
        row.expanded.to_string(),
        row.generated.to_string(),
        format!("{:.3}", row.time.as_secs_f64() * 1e3),
        (row.memory / 1024).to_string(),
    ]
}

/// The rows as an aligned text table.
pub fn table(rows: &[Row]) -> String {
    let body: Vec<[String; 7]> = rows.iter().map(cells).collect();
    let mut widths = HEADER.map(str::len);
    for line in &body {
        for (width, cell) in widths.iter_mut().zip(line) {
            *width = (*width).max(cell.len());
        }
    }
    let mut out = String::new();
    let mut line = |cells: &[String]| {
        for (i, (cell, width)) in cells.iter().zip(widths).enumerate() {
            // Text columns align left, numbers right.
            if i < 3 {
                let _ = write!(out, "{cell:<width$}  ");
            } else {
                let _ = write!(out, "{cell:>width$}  ");
            }
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    };
    line(&HEADER.map(str::to_owned));
    for cells in &body {
        line(cells);
    }
    out
}

/// The rows as CSV with a header line.
pub fn csv(rows: &[Row]) -> String {
    let mut out = HEADER.join(",");
    out.push('\n');
    for row in rows {
        let quoted = cells(row).map(|cell| {
            if cell.contains([',', '"']) {
                format!("\"{}\"", cell.replace('"', "\"\""))
            } else {
                cell
            }
        });
        out.push_str(&quoted.join(","));
        out.push('\n');
    }
    out
}
