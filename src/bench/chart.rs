//! Charts of a report (feature `charts`): per problem, one SVG with the time and the
//! expansions of every strategy on log scales, each bar labelled with the cost found or
//! the outcome, drawn with `plotters`.

use std::path::{Path, PathBuf};

use plotters::prelude::*;

use super::{Report, Row, RunOutcome};

/// Width of a chart, in pixels.
const WIDTH: u32 = 1000;
/// Height of a strategy's bar slot, in pixels.
const SLOT: u32 = 30;

/// Why a chart could not be written.
#[derive(Debug)]
pub struct ChartError(String);

impl core::fmt::Display for ChartError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "chart: {}", self.0)
    }
}

impl std::error::Error for ChartError {}

impl<E: std::error::Error + Send + Sync> From<DrawingAreaErrorKind<E>> for ChartError {
    fn from(error: DrawingAreaErrorKind<E>) -> Self {
        ChartError(error.to_string())
    }
}

/// The bar colour of an outcome.
fn colour(outcome: &RunOutcome) -> RGBColor {
    match outcome {
        RunOutcome::Found { .. } => RGBColor(66, 114, 196),
        RunOutcome::NoPath => RGBColor(140, 140, 140),
        RunOutcome::Stopped(_) => RGBColor(237, 125, 49),
        _ => RGBColor(200, 60, 60),
    }
}

/// The label after a bar: the strategy, the value, and the cost or the outcome, cut to
/// fit beside the bar (the report has the whole outcome).
fn label(row: &Row, value: &str) -> String {
    clip(match &row.outcome {
        RunOutcome::Found { cost, .. } => format!("{}: {value}, cost {cost}", row.strategy),
        other => format!("{}: {value}, {other}", row.strategy),
    })
}

/// The longest label a panel shows, in characters.
const LABEL_CHARS: usize = 44;

/// `text`, cut to [`LABEL_CHARS`] characters with an ellipsis when longer.
fn clip(text: String) -> String {
    match text.char_indices().nth(LABEL_CHARS - 1) {
        Some((end, _)) if text.chars().count() > LABEL_CHARS => format!("{}…", &text[..end]),
        _ => text,
    }
}

/// One panel: a horizontal bar per row, `value` on a log scale.
fn panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    caption: &str,
    rows: &[&Row],
    value: impl Fn(&Row) -> f64,
    unit: &str,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let shown: Vec<f64> = rows
        .iter()
        .filter(|row| !row.outcome.is_skipped())
        .map(|row| value(row))
        .filter(|v| *v > 0.0)
        .collect();
    let low = shown.iter().copied().fold(f64::INFINITY, f64::min);
    let high = shown.iter().copied().fold(0.0, f64::max);
    let (low, high) = if shown.is_empty() {
        (0.1, 10.0)
    } else {
        (low / 4.0, high * 40.0)
    };
    let slots = rows.len().max(1);
    #[expect(clippy::cast_precision_loss, reason = "a few dozen rows")]
    let top = slots as f64 - 0.5;
    let mut chart = ChartBuilder::on(area)
        .caption(caption, ("sans-serif", 15))
        .margin(10)
        .x_label_area_size(30)
        .y_label_area_size(0)
        .build_cartesian_2d((low..high).log_scale(), -0.5..top)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .disable_y_axis()
        .x_labels(6)
        .x_label_style(("sans-serif", 11))
        .x_label_formatter(&|v| short(*v))
        .draw()?;
    #[expect(clippy::cast_precision_loss, reason = "a few dozen rows")]
    let y = |i: usize| (slots - 1 - i) as f64;
    chart.draw_series(rows.iter().enumerate().filter_map(|(i, row)| {
        let v = value(row);
        (!row.outcome.is_skipped() && v > 0.0).then(|| {
            Rectangle::new(
                [(low, y(i) - 0.32), (v, y(i) + 0.32)],
                colour(&row.outcome).filled(),
            )
        })
    }))?;
    chart.draw_series(rows.iter().enumerate().map(|(i, row)| {
        let v = value(row);
        let text = if row.outcome.is_skipped() {
            clip(format!("{}: {}", row.strategy, row.outcome))
        } else {
            label(row, format!("{} {unit}", short(v)).trim_end())
        };
        Text::new(
            text,
            (if v > 0.0 { v } else { low }, y(i) + 0.1),
            ("sans-serif", 11).into_font().color(&BLACK),
        )
    }))?;
    Ok(())
}

/// The letters and digits of `problem`, every other run of characters a `-`.
fn file_name(problem: &str) -> String {
    let mut name = String::new();
    for c in problem.chars() {
        if c.is_alphanumeric() {
            name.push(c);
        } else if !name.is_empty() && !name.ends_with('-') {
            name.push('-');
        }
    }
    name.trim_end_matches('-').to_owned()
}

/// A number for a label: whole above 100, else three significant digits at most.
fn short(value: f64) -> String {
    if value >= 100.0 || value.fract() == 0.0 {
        format!("{value:.0}")
    } else if value >= 10.0 {
        format!("{value:.1}")
    } else if value >= 1.0 {
        format!("{value:.2}")
    } else {
        format!("{value:.3}")
    }
}

impl Report {
    /// The chart of `problem` as an SVG document: the median time (left) and the states
    /// expanded (right) of every strategy, on log scales, each bar labelled with the cost
    /// found or the outcome; skipped strategies are listed without a bar.
    ///
    /// # Errors
    ///
    /// A [`ChartError`] when the report has no row for `problem` or plotting fails.
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
    ///     .strategy(Strategy::Bfs)
    ///     .strategy(Strategy::AStar)
    ///     .run();
    /// let svg = report.svg("to 100")?;
    /// assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    /// # Ok::<(), state_search::bench::ChartError>(())
    /// ```
    pub fn svg(&self, problem: &str) -> Result<String, ChartError> {
        let rows: Vec<&Row> = self
            .rows()
            .iter()
            .filter(|r| r.problem == problem)
            .collect();
        if rows.is_empty() {
            return Err(ChartError(format!("no row for problem {problem:?}")));
        }
        let count = u32::try_from(rows.len()).unwrap_or(u32::MAX / SLOT);
        let height = 90 + SLOT * count;
        let mut svg = String::new();
        {
            let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
            root.fill(&WHITE)?;
            let root = root.titled(problem, ("sans-serif", 20))?;
            let (left, right) = root.split_horizontally(WIDTH / 2);
            let ms = |row: &Row| row.time.median.as_secs_f64() * 1e3;
            #[expect(clippy::cast_precision_loss, reason = "a chart needs no exact counts")]
            let expanded = |row: &Row| row.expanded as f64;
            panel(&left, "median time (ms, log scale)", &rows, ms, "ms")?;
            panel(&right, "states expanded (log scale)", &rows, expanded, "")?;
            root.present()?;
        }
        Ok(svg)
    }

    /// Writes one chart per problem ([`Report::svg`]) into `dir` (created if needed), named
    /// after the problem: its letters and digits, every other run of characters a `-`,
    /// then `.svg` (`8-puzzle #0, manhattan` gives `8-puzzle-0-manhattan.svg`).
    ///
    /// # Returns
    ///
    /// The paths written, in the order of the problems.
    ///
    /// # Errors
    ///
    /// A [`ChartError`] when a chart cannot be drawn or a file cannot be written.
    pub fn write_svgs(&self, dir: &Path) -> Result<Vec<PathBuf>, ChartError> {
        std::fs::create_dir_all(dir).map_err(|e| ChartError(format!("{}: {e}", dir.display())))?;
        let mut written = Vec::new();
        for problem in self.problems() {
            let path = dir.join(format!("{}.svg", file_name(problem)));
            std::fs::write(&path, self.svg(problem)?)
                .map_err(|e| ChartError(format!("{}: {e}", path.display())))?;
            written.push(path);
        }
        Ok(written)
    }
}

#[cfg(test)]
mod tests {
    use super::{LABEL_CHARS, clip};

    #[test]
    fn long_labels_are_cut_to_fit_beside_their_bar() {
        assert_eq!(
            clip("astar: 1.2 ms, cost 5".to_owned()),
            "astar: 1.2 ms, cost 5"
        );
        let long = "bfs: skipped: it ignores step costs, and this space's steps may differ";
        let cut = clip(long.to_owned());
        assert_eq!(cut.chars().count(), LABEL_CHARS);
        assert!(cut.ends_with('…') && long.starts_with(cut.trim_end_matches('…')));
        // Characters, not bytes.
        let wide = "é".repeat(LABEL_CHARS + 5);
        assert_eq!(clip(wide).chars().count(), LABEL_CHARS);
        let exact = "x".repeat(LABEL_CHARS);
        assert_eq!(clip(exact.clone()), exact);
    }
}
