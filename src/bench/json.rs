//! The report as JSON (feature `json`).

use serde_json::{Value, json};

use super::{Report, Row, RunOutcome};

/// `d` in milliseconds to the microsecond, the nearest `f64` to that decimal (so that it
/// prints as `33.596`, not `33.596000000000004` as `as_secs_f64() * 1e3` does).
#[expect(
    clippy::cast_precision_loss,
    reason = "microseconds below 2^53, exact; beyond, a run of over 285 years"
)]
fn millis(d: core::time::Duration) -> f64 {
    d.as_micros() as f64 / 1e3
}

/// The JSON value of a row.
fn row(row: &Row) -> Value {
    let ms = millis;
    // A skipped pair ran nothing: no counts.
    let counted = |count: u64| (!row.outcome.is_skipped()).then_some(count);
    let outcome = match &row.outcome {
        RunOutcome::Found { .. } => "found".to_owned(),
        RunOutcome::NoPath => "no path".to_owned(),
        other => other.to_string(),
    };
    json!({
        "problem": row.problem,
        "strategy": row.strategy.to_string(),
        "outcome": outcome,
        "skipped": row.outcome.is_skipped(),
        "cost": row.cost,
        "cost_value": row.cost_value(),
        "suboptimality": row.suboptimality,
        "expanded": counted(row.expanded),
        "necessary": row.necessary,
        "generated": counted(row.generated),
        "memory_bytes": counted(row.memory as u64),
        "time_ms": {
            "min": ms(row.time.min),
            "median": ms(row.time.median),
            "max": ms(row.time.max),
            "runs": row.time.runs,
        },
    })
}

impl Report {
    /// The report as JSON: an array with one object per row, holding the fields of
    /// [`Row`] (`problem`, `strategy`, `outcome`, `skipped`, `cost`, `cost_value`,
    /// `suboptimality`, `expanded`, `necessary`, `generated`, `memory_bytes`, and `time_ms` with `min`,
    /// `median`, `max` and `runs`).
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
    ///     .run();
    /// let json: serde_json::Value = serde_json::from_str(&report.json())?;
    /// assert_eq!(json[0]["cost"], "8");
    /// assert_eq!(json[0]["strategy"], "bfs");
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    #[must_use]
    pub fn json(&self) -> String {
        let rows: Vec<Value> = self.rows().iter().map(row).collect();
        let mut text = Value::Array(rows).to_string();
        text.push('\n');
        text
    }
}

#[cfg(test)]
mod tests {
    use core::time::Duration;

    #[test]
    fn times_print_as_the_decimals_they_are() {
        let printed =
            |nanos| serde_json::json!(super::millis(Duration::from_nanos(nanos))).to_string();
        assert_eq!(printed(33_596_000), "33.596");
        assert_eq!(printed(33_596_499), "33.596");
        assert_eq!(printed(1_000), "0.001");
        assert_eq!(printed(0), "0.0");
        assert_eq!(printed(120_000_000_000), "120000.0");
    }
}
