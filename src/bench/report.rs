//! The [`Report`] of a comparison: its rows, and their renderings as an aligned table and
//! as CSV.

use core::fmt::Write as _;
use core::time::Duration;

use super::{Measurement, RunOutcome};
use crate::strategy::Strategy;

/// The wall time of the measured runs of one row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Timing {
    /// The fastest run.
    pub min: Duration,
    /// The median run (the mean of the two middle ones for an even count).
    pub median: Duration,
    /// The slowest run.
    pub max: Duration,
    /// The number of measured runs.
    pub runs: usize,
}

impl Timing {
    /// The timing of `times` (all zero for no run).
    #[must_use]
    pub fn of(times: &[Duration]) -> Self {
        let mut sorted = times.to_vec();
        sorted.sort_unstable();
        let Some((&min, &max)) = sorted.first().zip(sorted.last()) else {
            return Self::default();
        };
        let middle = sorted.len() / 2;
        let median = if sorted.len() % 2 == 1 {
            sorted[middle]
        } else {
            (sorted[middle - 1] + sorted[middle]) / 2
        };
        Self {
            min,
            median,
            max,
            runs: sorted.len(),
        }
    }
}

/// One strategy on one problem.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The problem's name.
    pub problem: String,
    /// The strategy.
    pub strategy: Strategy,
    /// How the (last measured) run ended.
    pub outcome: RunOutcome,
    /// The cost found, as text.
    pub cost: Option<String>,
    /// The cost divided by the best proven optimum of the problem in the report (the
    /// least cost an optimal strategy found), when both are numbers.
    pub suboptimality: Option<f64>,
    /// States expanded.
    pub expanded: u64,
    /// The necessary expansions among them: the expansions of states whose `f = g + h`
    /// is below the optimal cost (a state expanded again counts again), counted for an
    /// optimal strategy that found a solution when the comparison asks for them
    /// ([`Comparison::necessary`](super::Comparison::necessary)).
    pub necessary: Option<u64>,
    /// Successors generated.
    pub generated: u64,
    /// The bytes the search's stores, tables and queues held at its end.
    pub memory: usize,
    /// The wall time of the measured runs. A skipped pair is not timed: `runs` is 0, and
    /// the table and the CSV show `-` for its times and counts (its counts here are 0),
    /// the JSON `null`.
    pub time: Timing,
}

impl Row {
    /// The row of `measurement` (the last run) and `times` (every measured run).
    pub(super) fn new(
        problem: &str,
        strategy: Strategy,
        measurement: Measurement,
        times: &[Duration],
    ) -> Self {
        let cost = match &measurement.outcome {
            RunOutcome::Found { cost, .. } => Some(cost.clone()),
            _ => None,
        };
        Self {
            problem: problem.to_owned(),
            strategy,
            outcome: measurement.outcome,
            cost,
            suboptimality: None,
            expanded: measurement.stats.expanded,
            necessary: None,
            generated: measurement.stats.generated,
            memory: measurement.stats.memory,
            time: Timing::of(times),
        }
    }

    /// The cost as a number, when there is one.
    #[must_use]
    pub fn cost_value(&self) -> Option<f64> {
        match self.outcome {
            RunOutcome::Found { value, .. } => value,
            _ => None,
        }
    }
}

/// The result of a [`Comparison`](super::Comparison): one [`Row`] per problem and strategy,
/// in the order they were registered.
///
/// # Examples
///
/// ```
/// use state_search::bench::Comparison;
///
/// let space = state_search::unit_from_fn(|&n: &u32| {
///     [n + 1, n * 2].into_iter().filter(|&m| m <= 100)
/// });
/// let report = Comparison::new()
///     .problem("to 10", state_search::Problem::new(&space, [1], |&n| n == 10))
///     .problem("to 100", state_search::Problem::new(&space, [1], |&n| n == 100))
///     .strategies(["bfs", "gbfs"])?
///     .run();
/// assert_eq!(report.problems(), ["to 10", "to 100"]);
/// let costs: Vec<_> = report.rows().iter().map(|row| row.cost.as_deref()).collect();
/// assert_eq!(costs, [Some("4"), Some("7"), Some("8"), Some("45")]); // gbfs is greedy
/// let csv = report.csv();
/// assert_eq!(csv.lines().count(), 5); // a header, then one line per row
/// assert!(csv.lines().nth(2).unwrap().starts_with("to 10,gbfs,found,7,1.750,"));
/// # Ok::<(), state_search::ParseStrategyError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    rows: Vec<Row>,
}

/// The columns of the table and of the CSV.
const HEADER: [&str; 12] = [
    "problem",
    "strategy",
    "outcome",
    "cost",
    "subopt",
    "expanded",
    "necessary",
    "generated",
    "memory_kib",
    "time_min_ms",
    "time_median_ms",
    "time_max_ms",
];

/// The column of the necessary expansions, which the table shows only when some row has
/// them.
const NECESSARY: usize = 6;

/// The columns written left-aligned in the table (text); the rest are numbers.
const TEXT_COLUMNS: usize = 4;

impl Report {
    /// The report of `rows`, with each row's suboptimality computed against the best
    /// optimum proven for its problem.
    #[must_use]
    pub fn new(mut rows: Vec<Row>) -> Self {
        let best = |problem: &str, rows: &[Row]| {
            rows.iter()
                .filter(|row| row.problem == problem && row.strategy.is_optimal())
                .filter_map(Row::cost_value)
                .reduce(f64::min)
        };
        let optima: Vec<Option<f64>> = rows.iter().map(|row| best(&row.problem, &rows)).collect();
        for (row, optimum) in rows.iter_mut().zip(optima) {
            row.suboptimality = match (row.cost_value(), optimum) {
                (Some(cost), Some(best)) if best > 0.0 => Some(cost / best),
                // A zero optimum: the ratio of an equal cost is 1, of any other undefined.
                (Some(cost), Some(best)) if cost <= best => Some(1.0),
                _ => None,
            };
        }
        Self { rows }
    }

    /// The rows.
    #[must_use]
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// The problems, in the order of their first row.
    #[must_use]
    pub fn problems(&self) -> Vec<&str> {
        let mut problems: Vec<&str> = Vec::new();
        for row in &self.rows {
            if !problems.contains(&row.problem.as_str()) {
                problems.push(&row.problem);
            }
        }
        problems
    }

    /// The cells of a row, as the table and the CSV write them.
    fn cells(row: &Row) -> [String; 12] {
        // A row without measured runs (a skipped pair) has no time to show, and a skipped
        // pair no counts.
        let timed = row.time.runs > 0;
        let counted = |count: u64| {
            if row.outcome.is_skipped() {
                "-".to_owned()
            } else {
                count.to_string()
            }
        };
        let ms = |d: Duration| {
            if timed {
                format!("{:.3}", d.as_secs_f64() * 1e3)
            } else {
                "-".to_owned()
            }
        };
        [
            row.problem.clone(),
            row.strategy.to_string(),
            row.outcome.to_string(),
            row.cost.clone().unwrap_or_else(|| "-".to_owned()),
            row.suboptimality
                .map_or_else(|| "-".to_owned(), |ratio| format!("{ratio:.3}")),
            counted(row.expanded),
            row.necessary
                .map_or_else(|| "-".to_owned(), |n| n.to_string()),
            counted(row.generated),
            // Rounded up: a search that held memory never shows 0 KiB.
            counted(row.memory.div_ceil(1024) as u64),
            ms(row.time.min),
            ms(row.time.median),
            ms(row.time.max),
        ]
    }

    /// The report as an aligned text table, one line per row under a header line (the
    /// `necessary` column only when some row counted them). An
    /// outcome with a reason (stopped, skipped, failed) shows its kind and a note number,
    /// `skipped [1]`; the notes follow the table, one line each (`[1] skipped: ...`), a
    /// reason shared by several rows once, so that long reasons do not widen every row.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::bench::Comparison;
    /// use state_search::{Problem, Strategy};
    ///
    /// let space = state_search::unit_from_fn(|&n: &u32| [n + 1, n * 2]);
    /// let report = Comparison::new()
    ///     .problem("to 100", Problem::new(&space, [1], |&n| n == 100))
    ///     .strategies(["bfs", "mm"])?
    ///     .run();
    /// let table = report.table();
    /// assert!(table.starts_with("problem"));
    /// let row: Vec<&str> = table.lines().nth(1).unwrap().split_whitespace().collect();
    /// assert_eq!(row[..6], ["to", "100", "bfs", "found", "8", "1.000"]);
    /// let row: Vec<&str> = table.lines().nth(2).unwrap().split_whitespace().collect();
    /// assert_eq!(row[..5], ["to", "100", "mm", "skipped", "[1]"]);
    /// assert!(table.ends_with("\n\n[1] skipped: it searches backwards, and this problem has \
    ///                          no predecessors and goal state (give them with \
    ///                          Problem::backward(goal) on a ReversibleSpace)\n"));
    /// # Ok::<(), state_search::ParseStrategyError>(())
    /// ```
    #[must_use]
    pub fn table(&self) -> String {
        let mut notes: Vec<String> = Vec::new();
        // The necessary expansions only when some row has them.
        let necessary = self.rows.iter().any(|row| row.necessary.is_some());
        let shown = |cells: [String; 12]| -> Vec<String> {
            let all = cells.into_iter().enumerate();
            all.filter(|&(i, _)| necessary || i != NECESSARY)
                .map(|(_, cell)| cell)
                .collect()
        };
        let body: Vec<Vec<String>> = self
            .rows
            .iter()
            .map(|row| {
                let mut cells = Self::cells(row);
                if !matches!(row.outcome, RunOutcome::Found { .. } | RunOutcome::NoPath) {
                    let text = core::mem::take(&mut cells[2]);
                    let number = if let Some(i) = notes.iter().position(|note| *note == text) {
                        i + 1
                    } else {
                        notes.push(text);
                        notes.len()
                    };
                    cells[2] = format!("{} [{number}]", row.outcome.kind());
                }
                shown(cells)
            })
            .collect();
        let header = shown(HEADER.map(str::to_owned));
        let mut widths: Vec<usize> = header.iter().map(String::len).collect();
        for line in &body {
            for (width, cell) in widths.iter_mut().zip(line) {
                *width = (*width).max(cell.chars().count());
            }
        }
        let mut out = String::new();
        let mut line = |cells: &[String]| {
            for (i, (cell, &width)) in cells.iter().zip(&widths).enumerate() {
                if i < TEXT_COLUMNS {
                    let _ = write!(out, "{cell:<width$}  ");
                } else {
                    let _ = write!(out, "{cell:>width$}  ");
                }
            }
            out.truncate(out.trim_end().len());
            out.push('\n');
        };
        line(&header);
        for cells in &body {
            line(cells);
        }
        if !notes.is_empty() {
            out.push('\n');
            for (i, note) in notes.iter().enumerate() {
                let _ = writeln!(out, "[{}] {note}", i + 1);
            }
        }
        out
    }

    /// The report as CSV (RFC 4180): a header line, then one line per row, with the
    /// same cells as the table.
    #[must_use]
    pub fn csv(&self) -> String {
        let mut out = HEADER.join(",");
        out.push('\n');
        for row in &self.rows {
            let quoted = Self::cells(row).map(|cell| {
                if cell.contains([',', '"', '\n']) {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Stats;
    use crate::strategy::Weight;

    fn row(problem: &str, strategy: Strategy, cost: Option<u32>) -> Row {
        let outcome = match cost {
            Some(cost) => RunOutcome::Found {
                cost: cost.to_string(),
                value: Some(f64::from(cost)),
            },
            None => RunOutcome::NoPath,
        };
        let measurement = Measurement {
            outcome,
            stats: Stats::default(),
        };
        Row::new(problem, strategy, measurement, &[Duration::from_millis(2)])
    }

    #[test]
    fn suboptimality_is_the_ratio_to_the_best_optimum_of_the_problem() {
        let report = Report::new(vec![
            row(
                "a",
                Strategy::Dijkstra(crate::strategy::Queue::Heap),
                Some(10),
            ),
            row("a", Strategy::AStar, Some(10)),
            row("a", Strategy::WeightedAStar(Weight::TWO), Some(15)),
            row("b", Strategy::Greedy, Some(5)),
            row("b", Strategy::AStar, Some(4)),
            row("b", Strategy::Bfs, None),
            row("c", Strategy::Greedy, Some(7)),
        ]);
        let ratios: Vec<Option<f64>> = report.rows().iter().map(|r| r.suboptimality).collect();
        // Only the optimal strategies' costs count as the optimum: gbfs's 5 is not one, and
        // problem c has none.
        assert_eq!(
            ratios,
            [
                Some(1.0),
                Some(1.0),
                Some(1.5),
                Some(1.25),
                Some(1.0),
                None,
                None
            ]
        );
    }

    #[test]
    fn the_median_of_an_even_count_is_the_mean_of_the_middle_two() {
        let ms = Duration::from_millis;
        let timing = Timing::of(&[ms(9), ms(1), ms(3), ms(5)]);
        assert_eq!(
            (timing.min, timing.median, timing.max, timing.runs),
            (ms(1), ms(4), ms(9), 4)
        );
        assert_eq!(Timing::of(&[]), Timing::default());
    }

    #[test]
    fn the_table_puts_long_reasons_in_notes_under_it_once_each() {
        let skipped = |problem: &str| Row {
            outcome: RunOutcome::NotApplicable(crate::Inapplicable::NeedsUniformCost),
            ..row(problem, Strategy::Bfs, None)
        };
        let stopped = Row {
            outcome: RunOutcome::Stopped(crate::StopReason::Expansions),
            ..row("b", Strategy::AStar, None)
        };
        let report = Report::new(vec![
            skipped("a"),
            row("a", Strategy::AStar, Some(3)),
            skipped("b"),
            stopped,
        ]);
        let table = report.table();
        let (rows, notes) = table.split_once("\n\n").unwrap();
        let width = rows.lines().map(str::len).max().unwrap();
        assert!(width < 120, "{table}");
        let outcomes: Vec<&str> = rows
            .lines()
            .skip(1)
            .map(|line| {
                let mut cells = line.split("  ").map(str::trim).filter(|c| !c.is_empty());
                cells.nth(2).unwrap()
            })
            .collect();
        assert_eq!(
            outcomes,
            ["skipped [1]", "found", "skipped [1]", "stopped [2]"]
        );
        assert_eq!(
            notes.lines().collect::<Vec<_>>(),
            [
                format!("[1] skipped: {}", crate::Inapplicable::NeedsUniformCost),
                "[2] stopped: expansion limit reached".to_owned()
            ]
        );
        // The CSV keeps the whole text in its cell.
        assert!(report.csv().contains(",\"skipped: it ignores step costs, "));
    }

    #[test]
    fn memory_is_shown_in_kib_rounded_up() {
        let kib = |bytes: usize| {
            let mut with = row("p", Strategy::Bfs, Some(1));
            with.memory = bytes;
            let csv = Report::new(vec![with]).csv();
            let line = csv.lines().nth(1).unwrap().to_owned();
            line.split(',').nth(8).unwrap().to_owned()
        };
        assert_eq!(kib(0), "0");
        assert_eq!(kib(100), "1");
        assert_eq!(kib(2048), "2");
        assert_eq!(kib(2049), "3");
    }

    #[test]
    fn csv_quotes_cells_with_commas_and_quotes() {
        let report = Report::new(vec![row("x, \"y\"", Strategy::Bfs, Some(1))]);
        let csv = report.csv();
        assert!(
            csv.lines()
                .nth(1)
                .unwrap()
                .starts_with("\"x, \"\"y\"\"\",bfs,found,1,"),
            "{csv}"
        );
    }
}
