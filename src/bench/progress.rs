//! The progress bar of a comparison (feature `progress`): one tick per run, and inside a
//! long run, the expansions so far and the iterations finished. Drawn on standard error,
//! and only when it is a terminal.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::strategy::Strategy;

/// A progress bar over the runs of a comparison.
pub(super) struct Progress {
    bar: ProgressBar,
}

impl Progress {
    /// A bar over `total` runs; hidden when standard error is not a terminal.
    pub(super) fn new(total: usize) -> Self {
        let bar = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr());
        let style = ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {bar:30} {pos}/{len} runs  {prefix}  {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar());
        bar.set_style(style);
        Self { bar }
    }

    /// Names the pair being run.
    pub(super) fn label(&self, problem: &str, strategy: Strategy) {
        self.bar.set_prefix(format!("{problem} / {strategy}"));
        self.bar.set_message("");
    }

    /// One run done.
    pub(super) fn advance(&self) {
        self.bar.inc(1);
    }

    /// Inside a run: `expanded` states so far.
    pub(super) fn expanded(&self, expanded: u64) {
        self.bar.set_message(format!("{expanded} expanded"));
        self.bar.tick();
    }

    /// Inside a run: an iteration of an iterative engine finished at `bound`.
    pub(super) fn iteration(&self, bound: &dyn core::fmt::Display) {
        self.bar.set_message(format!("bound {bound} searched"));
    }

    /// Clears the bar.
    pub(super) fn finish(self) {
        self.bar.finish_and_clear();
    }
}
