//! A criterion helper (feature `criterion`): the strategies of one problem as a criterion
//! benchmark group, so that `cargo bench` gives criterion's statistics and reports for a
//! problem of your own.

use criterion::{BenchmarkId, Criterion};

use crate::solution::Limits;
use crate::space::{Heuristic, StateSpace};
use crate::strategy::{MaybeBackward, MaybeIndexer, Problem, Strategy, StrategyError};

/// Registers one benchmark per strategy of `strategies` that applies to `problem`, in the
/// criterion group `group`; each iteration is one [`Strategy::run`] within `limits`. The
/// strategies that do not apply (their first run is refused) are left out.
///
/// # Panics
///
/// Panics when two optimal strategies find solutions of different costs on their first
/// run: a benchmark that checks its answer, as every benchmark should.
///
/// # Examples
///
/// In `benches/my_problem.rs` (with `harness = false` for it in `Cargo.toml`):
///
/// ```no_run
/// use criterion::{Criterion, criterion_group, criterion_main};
/// use state_search::bench::criterion::bench_strategies;
/// use state_search::{Limits, Problem, Strategy};
///
/// fn strategies(c: &mut Criterion) {
///     let space = state_search::from_fn(|&n: &u32| {
///         [(n + 1, 1u32), (n * 2, 3)].into_iter().filter(|&(m, _)| m <= 5_000)
///     });
///     let problem = Problem::new(&space, [1], |&n| n == 4_321);
///     let strategies = ["dijkstra", "dijkstra:bucket", "astar", "spfa"].map(|s| s.parse().unwrap());
///     bench_strategies(c, "double or add", &problem, strategies, &Limits::new());
/// }
/// criterion_group!(benches, strategies);
/// criterion_main!(benches);
/// ```
pub fn bench_strategies<Sp, G, H, I, B>(
    c: &mut Criterion,
    group: &str,
    problem: &Problem<'_, Sp, G, H, I, B>,
    strategies: impl IntoIterator<Item = Strategy>,
    limits: &Limits<Sp::Cost>,
) where
    Sp: StateSpace + ?Sized,
    G: Fn(&Sp::State) -> bool,
    H: Heuristic<Sp::State, Sp::Cost>,
    I: MaybeIndexer<Sp::State>,
    B: MaybeBackward<Sp>,
{
    let mut benchmarks = c.benchmark_group(group);
    let mut optimum: Option<(Strategy, Sp::Cost)> = None;
    for strategy in strategies {
        let cost = match strategy.run(problem, limits) {
            Err(StrategyError::NotApplicable { .. }) => continue,
            Ok(search) => search.found().map(|found| found.cost),
            Err(_) => None,
        };
        if let Some(cost) = cost.filter(|_| strategy.is_optimal()) {
            match optimum {
                Some((first, best)) if best != cost => panic!(
                    "state-search: {first} and {strategy} disagree on the optimum: \
                     {best:?} and {cost:?}"
                ),
                Some(_) => {}
                None => optimum = Some((strategy, cost)),
            }
        }
        benchmarks.bench_function(BenchmarkId::from_parameter(strategy), |b| {
            b.iter(|| core::hint::black_box(strategy.run(problem, limits).is_ok()));
        });
    }
    benchmarks.finish();
}
