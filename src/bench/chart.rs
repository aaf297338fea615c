//! Charts of a report (feature `charts`): per problem, one SVG with the time and the
//! expansions of every strategy on log scales, each bar labelled with the cost found or
//! the kind of outcome and coloured by it, drawn with `plotters`.

use std::path::{Path, PathBuf};

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::{Report, Row, RunOutcome};

/// Width of a chart, in pixels.
const WIDTH: u32 = 1000;
/// Height of a strategy's bar slot, in pixels.
const SLOT: u32 = 30;
/// Height of a chart's title, in pixels.
const TITLE: u32 = 30;

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

/// Found at the best cost an optimal strategy found (or with no optimum to compare).
const FOUND: RGBColor = RGBColor(66, 114, 196);
/// Found at a higher cost than the optimum.
const COSTLIER: RGBColor = RGBColor(150, 100, 200);
/// Stopped by a limit.
const STOPPED: RGBColor = RGBColor(237, 125, 49);
/// Proved that no goal is reachable.
const NO_PATH: RGBColor = RGBColor(140, 140, 140);
/// Failed (a negative cycle, storage that could not be had).
const FAILED: RGBColor = RGBColor(200, 60, 60);

/// The legend under the panels: what each bar colour means.
const LEGEND: [(RGBColor, &str); 5] = [
    (FOUND, "found, optimal cost"),
    (COSTLIER, "found, costlier than the optimum"),
    (STOPPED, "stopped"),
    (NO_PATH, "no path"),
    (FAILED, "failed"),
];

/// Whether a row found a solution dearer than the problem's optimum.
fn costlier(row: &Row) -> bool {
    row.suboptimality.is_some_and(|ratio| ratio > 1.0 + 1e-9)
}

/// The bar colour of a row.
fn colour(row: &Row) -> RGBColor {
    match &row.outcome {
        RunOutcome::Found { .. } if costlier(row) => COSTLIER,
        RunOutcome::Found { .. } => FOUND,
        RunOutcome::NoPath => NO_PATH,
        RunOutcome::Stopped(_) => STOPPED,
        _ => FAILED,
    }
}

/// The label after a bar: the value, then the cost and its ratio to the optimum when
/// above 1, or the kind of outcome (the report has the reasons).
fn label(row: &Row, value: &str) -> String {
    match &row.outcome {
        RunOutcome::Found { cost, .. } => match row.suboptimality {
            Some(ratio) if costlier(row) => format!("{value}, cost {cost} (x{ratio:.3})"),
            _ => format!("{value}, cost {cost}"),
        },
        other => format!("{value}, {}", other.kind()),
    }
}

/// The width of a character of the 11-pixel labels, in pixels (a generous average of
/// sans-serif fonts, so that labels fit).
const CHAR_PIXELS: u32 = 6;

/// The pixels of `chars` characters of a label (saturating).
fn text_pixels(chars: usize) -> u32 {
    u32::try_from(chars)
        .unwrap_or(u32::MAX)
        .saturating_mul(CHAR_PIXELS)
}

/// The axis of values from `low` to `high` (both positive, `low <= high`) on a log scale
/// in a plot `plot_pixels` wide: from the power of ten at or below `low`, where bars
/// start, to far enough beyond `high` that a label of `label_chars` characters after the
/// longest bar fits.
fn axis(low: f64, high: f64, label_chars: usize, plot_pixels: f64) -> (f64, f64) {
    let floor = 10f64.powf(low.log10().floor());
    let needed = (f64::from(text_pixels(label_chars)) + 8.0) / plot_pixels;
    // The label takes the fraction `needed` of the axis; the bars the rest.
    let fraction = needed.min(0.8);
    let spread = (high / floor).log10().max(0.5);
    let room = spread * fraction / (1.0 - fraction);
    (floor, high * 10f64.powf(room))
}

/// One panel: a horizontal bar per row, named on the left, `value` on a log scale.
fn panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    caption: &str,
    rows: &[&Row],
    value: impl Fn(&Row) -> f64,
    unit: &str,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let labels: Vec<String> = rows
        .iter()
        .map(|row| label(row, format!("{} {unit}", short(value(row))).trim_end()))
        .collect();
    let names: Vec<String> = rows.iter().map(|row| row.strategy.to_string()).collect();
    let shown: Vec<f64> = rows
        .iter()
        .map(|row| value(row))
        .filter(|v| *v > 0.0)
        .collect();
    let low = shown.iter().copied().fold(f64::INFINITY, f64::min);
    let high = shown.iter().copied().fold(0.0, f64::max);
    let name_pixels =
        text_pixels(names.iter().map(|n| n.chars().count()).max().unwrap_or(0)).saturating_add(12);
    let width = f64::from(area.dim_in_pixel().0);
    let longest = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let (low, high) = if shown.is_empty() {
        (0.1, 10.0)
    } else {
        axis(low, high, longest, width - f64::from(name_pixels) - 30.0)
    };
    let slots = rows.len().max(1);
    let mut chart = ChartBuilder::on(area)
        .caption(caption, ("sans-serif", 15))
        .margin(10)
        .margin_right(20)
        .x_label_area_size(30)
        .y_label_area_size(name_pixels)
        .build_cartesian_2d((low..high).log_scale(), (0..slots - 1).into_segmented())?;
    let name = |v: &SegmentValue<usize>| match v {
        SegmentValue::CenterOf(i) if *i < slots => {
            names.get(slots - 1 - i).cloned().unwrap_or_default()
        }
        _ => String::new(),
    };
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(slots + 1)
        .y_label_formatter(&name)
        .y_label_style(("sans-serif", 11))
        .x_labels(6)
        .x_label_style(("sans-serif", 11))
        .x_label_formatter(&|v| short(*v))
        .draw()?;
    let slot = |i: usize| slots - 1 - i;
    chart.draw_series(rows.iter().enumerate().filter_map(|(i, row)| {
        let v = value(row);
        (v > 0.0).then(|| {
            let mut bar = Rectangle::new(
                [
                    (low, SegmentValue::Exact(slot(i))),
                    (v, SegmentValue::Exact(slot(i) + 1)),
                ],
                colour(row).filled(),
            );
            bar.set_margin(4, 4, 0, 0);
            bar
        })
    }))?;
    chart.draw_series(rows.iter().zip(labels).enumerate().map(|(i, (row, text))| {
        let v = value(row);
        let at = if v > 0.0 { v } else { low };
        Text::new(
            format!(" {text}"),
            (at, SegmentValue::CenterOf(slot(i))),
            ("sans-serif", 11)
                .into_font()
                .color(&BLACK)
                .pos(Pos::new(HPos::Left, VPos::Center)),
        )
    }))?;
    Ok(())
}

/// Under the panels: the bar colours, then the strategies skipped (the report says why).
fn legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    skipped: &[&Row],
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let style = ("sans-serif", 11).into_font().color(&BLACK);
    let mut x = 20;
    for (colour, meaning) in LEGEND {
        area.draw(&Rectangle::new([(x, 6), (x + 12, 18)], colour.filled()))?;
        area.draw(&Text::new(meaning, (x + 16, 7), style.clone()))?;
        let advance = i32::try_from(text_pixels(meaning.chars().count())).unwrap_or(i32::MAX);
        x = x.saturating_add(36).saturating_add(advance);
    }
    if !skipped.is_empty() {
        let names: Vec<String> = skipped.iter().map(|row| row.strategy.to_string()).collect();
        let text = format!(
            "skipped (they do not apply; the report says why): {}",
            names.join(", ")
        );
        area.draw(&Text::new(text, (20, 28), style))?;
    }
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
    /// expanded (right) of every strategy that ran, one bar each on log scales from a
    /// power of ten, named on the left and labelled with its value and the cost found
    /// (with its ratio to the optimum when above 1) or the kind of outcome. The bars'
    /// colours tell an optimal cost from a costlier one and from the outcomes without a
    /// solution (a legend says which); the strategies skipped are named under the
    /// panels. The reasons are in the report, not in the chart.
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
        let (skipped, rows): (Vec<&Row>, Vec<&Row>) =
            rows.into_iter().partition(|row| row.outcome.is_skipped());
        let count = u32::try_from(rows.len()).unwrap_or(u32::MAX / (2 * SLOT));
        // The title, then the panels (a caption, margins and the axis's labels around
        // the bars), then the legend and the line of skipped strategies.
        let footer = if skipped.is_empty() { 30 } else { 50 };
        let panels_height = 85 + SLOT * count.max(1);
        let height = TITLE + panels_height + footer;
        let mut svg = String::new();
        {
            let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
            root.fill(&WHITE)?;
            let root = root.titled(problem, ("sans-serif", 20))?;
            let (panels, below) = root.split_vertically(panels_height);
            let (left, right) = panels.split_horizontally(WIDTH / 2);
            let ms = |row: &Row| row.time.median.as_secs_f64() * 1e3;
            #[expect(clippy::cast_precision_loss, reason = "a chart needs no exact counts")]
            let expanded = |row: &Row| row.expanded as f64;
            panel(&left, "median time (ms, log scale)", &rows, ms, "ms")?;
            panel(&right, "states expanded (log scale)", &rows, expanded, "")?;
            legend(&below, &skipped)?;
            root.present()?;
        }
        Ok(svg)
    }

    /// Writes one chart per problem ([`Report::svg`]) into `dir` (created if needed), named
    /// after the problem: its letters and digits, every other run of characters a `-`,
    /// then `.svg` (`8-puzzle #0, manhattan` gives `8-puzzle-0-manhattan.svg`). When two
    /// problems' names give the same file name, the later ones get `-2`, `-3`, ... before
    /// `.svg`, so that no chart replaces another.
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
        let mut written: Vec<PathBuf> = Vec::new();
        for problem in self.problems() {
            let stem = file_name(problem);
            let mut path = dir.join(format!("{stem}.svg"));
            let mut n = 1;
            while written.contains(&path) {
                n += 1;
                path = dir.join(format!("{stem}-{n}.svg"));
            }
            std::fs::write(&path, self.svg(problem)?)
                .map_err(|e| ChartError(format!("{}: {e}", path.display())))?;
            written.push(path);
        }
        Ok(written)
    }
}

#[cfg(test)]
mod tests {
    use super::{axis, text_pixels};

    #[test]
    fn bars_start_at_a_power_of_ten_and_the_longest_label_fits_after_the_longest_bar() {
        let plot = 400.0;
        for (low, high, chars) in [(0.004, 2_000.0, 30), (3.0, 3.0, 20), (1.0, 1e9, 40)] {
            let (start, end) = axis(low, high, chars, plot);
            assert!(start <= low && (start.log10() - start.log10().round()).abs() < 1e-9);
            assert!(start > low / 10.0);
            // The pixels after the longest bar, on the log scale.
            let after = (end / high).log10() / (end / start).log10() * plot;
            let label = f64::from(text_pixels(chars));
            assert!(after >= label, "{low} {high} {chars}: {after} < {label}");
        }
    }
}
