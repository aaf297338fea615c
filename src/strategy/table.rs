//! The strategy table: one row per strategy saying what it is (its spelling, what it
//! promises about cost, what it needs of a problem, its engine in a few words). The
//! [`Strategy`] enum's constants ([`Strategy::ALL`], `Strategy::PARALLEL`), its spellings,
//! its pre-run refusals and the domains' lists of strategies all read it.
//!
//! A strategy added to the enum without a row here is a compile error (the `match` of
//! [`Strategy::info`] is exhaustive), and a row is the only place that puts a strategy in
//! [`Strategy::ALL`].

use core::num::NonZeroUsize;

use super::{Inapplicable, Queue, Strategy, Tie, Weight};

/// What a strategy is: one row of the strategy table, from [`Strategy::info`].
///
/// # Examples
///
/// ```
/// use state_search::Strategy;
/// use state_search::strategy::{Guarantee, Requirement};
///
/// let info = Strategy::AStar.info();
/// assert_eq!(info.name, "astar");
/// assert_eq!(info.guarantee, Guarantee::Optimal);
/// assert!(info.uses_heuristic);
/// let wastar: Strategy = "wastar:1.5".parse()?;
/// assert_eq!(wastar.info().guarantee, Guarantee::Bounded("1.5".parse()?));
/// assert!(wastar.info().needs(Requirement::NumericCost));
/// // Every strategy in one table, as the README prints it.
/// for strategy in Strategy::ALL {
///     let info = strategy.info();
///     println!("| `{}` | {} | {} |", strategy.pattern(), info.guarantee, info.summary);
/// }
/// # Ok::<(), state_search::ParseStrategyError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
#[expect(
    clippy::struct_excessive_bools,
    reason = "each flag is a column of the strategy table, read on its own"
)]
pub struct StrategyInfo {
    /// The spelling's name: what comes before a parameter's colon or equals sign (`astar`,
    /// `wastar`, `dijkstra:bucket` and `astar:tie`, whose `bucket` and `tie` are part of
    /// the name).
    pub name: &'static str,
    /// The spelling's pattern: the name, and for a strategy with a parameter the
    /// parameter's letter after a colon or, for a named parameter, an equals sign
    /// (`wastar:W`, `beam:K`, `astar:tie=T`); see [`Strategy::pattern`].
    pub pattern: &'static str,
    /// The parameter after the colon, if the spelling has one.
    pub parameter: Option<Parameter>,
    /// What the strategy promises about the cost of the solutions it returns.
    pub guarantee: Guarantee,
    /// Whether it reads the problem's heuristic (without one, the zero heuristic).
    pub uses_heuristic: bool,
    /// Whether it also searches an [`InPlaceSpace`](crate::InPlaceSpace)
    /// ([`Strategy::run_in_place`], or `par_run_in_place` for `par-idastar`).
    pub in_place: bool,
    /// Whether it searches the tree of paths from the starts, with no record of the states
    /// seen beyond the current path: its time can grow exponentially with the depth on a
    /// space where many paths lead to a state, so it suits small spaces, trees and good
    /// heuristics (`idastar`, `par-idastar`).
    pub tree_search: bool,
    /// Whether its [`Guarantee`] needs a *consistent* heuristic, not only an admissible
    /// one: `h(s) <= c + h(t)` for every step `s -> t` of cost `c`, for the bidirectional
    /// ones both ways (`bae`). With heuristics admissible but inconsistent it may return
    /// a costlier solution. Nothing checks it before a search: it is the caller's to
    /// hold.
    pub needs_consistency: bool,
    /// What it needs of a problem, in the order it is checked: a problem that lacks one
    /// is refused before any search with the matching [`Inapplicable`]. How the strategy
    /// runs (on threads, in place, in its domain) comes first, so that the first refusal
    /// names the call to make. [`Requirement::describe`] words each one as the README's
    /// table does.
    pub requirements: &'static [Requirement],
    /// The engine, in a few words.
    pub summary: &'static str,
}

impl StrategyInfo {
    /// Whether the strategy needs `requirement`.
    #[must_use]
    pub fn needs(&self, requirement: Requirement) -> bool {
        self.requirements.contains(&requirement)
    }
}

/// The parameter of a strategy's spelling, after a colon.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Parameter {
    /// A [`Weight`] of at least 1 (`wastar:1.5`), written `W` in patterns.
    Weight,
    /// A whole number of at least 1 (`beam:100`), written `K` in patterns.
    Width,
    /// A [`Tie`] rule (`astar:tie=low-g`), written `T` in patterns.
    Tie,
}

impl Parameter {
    /// Its letter in a spelling's pattern: `W`, `K` or `T`.
    #[must_use]
    pub fn letter(self) -> &'static str {
        match self {
            Parameter::Weight => "W",
            Parameter::Width => "K",
            Parameter::Tie => "T",
        }
    }

    /// What the parameter is, for messages: "a weight", "a width", "a tie rule".
    #[must_use]
    pub fn what(self) -> &'static str {
        match self {
            Parameter::Weight => "a weight",
            Parameter::Width => "a width",
            Parameter::Tie => "a tie rule",
        }
    }
}

/// What a strategy promises about the cost of its solutions, given an admissible
/// heuristic for the strategies that use one (a consistent one for those whose
/// [`StrategyInfo::needs_consistency`] is set).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Guarantee {
    /// A least-cost solution (`anytime:W`, `arastar:W`, `anastar`: once they end without
    /// a stop).
    Optimal,
    /// A solution of cost at most the weight times the optimum.
    Bounded(Weight),
    /// No bound: any solution, perhaps none where one exists (`beam:K`).
    Unbounded,
}

impl core::fmt::Display for Guarantee {
    /// `optimal`, `at most W x optimal` (with the weight), `no bound`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Guarantee::Optimal => f.write_str("optimal"),
            Guarantee::Bounded(w) => write!(f, "at most {w} x optimal"),
            Guarantee::Unbounded => f.write_str("no bound"),
        }
    }
}

/// Something a strategy needs of a problem, checked before it runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Requirement {
    /// Steps that all cost the same ([`StateSpace::uniform_cost`](crate::StateSpace::uniform_cost)).
    UniformCost,
    /// Unsigned integer costs (`u8` to `u64`, `usize`): a bucket or radix queue.
    UnsignedCost,
    /// Costs that are numbers ([`Cost::to_f64`](crate::Cost::to_f64)): it weighs them.
    NumericCost,
    /// Predecessors, one start and the goal state ([`Problem::backward`](crate::Problem::backward)).
    Backward,
    /// An [`InPlaceSpace`](crate::InPlaceSpace) that can be cloned and sent to threads.
    InPlaceSpace,
    /// A problem shared between threads (`Strategy::par_run`).
    Threads,
}

impl Requirement {
    /// The refusal of a problem that lacks it (for [`Requirement::Backward`], the most
    /// common one; [`Strategy::run`] says which part is missing).
    #[must_use]
    pub fn refusal(self) -> Inapplicable {
        match self {
            Requirement::UniformCost => Inapplicable::NeedsUniformCost,
            Requirement::UnsignedCost => Inapplicable::NeedsUnsignedCost,
            Requirement::NumericCost => Inapplicable::NeedsNumericCost,
            Requirement::Backward => Inapplicable::NeedsBackward,
            Requirement::InPlaceSpace => Inapplicable::NeedsInPlaceSpace,
            #[cfg(feature = "parallel")]
            Requirement::Threads => Inapplicable::NeedsSyncProblem,
            #[cfg(not(feature = "parallel"))]
            Requirement::Threads => Inapplicable::NeedsStateSpace,
        }
    }

    /// What it is, for tables: "uniform step costs", ...
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            Requirement::UniformCost => "uniform step costs",
            Requirement::UnsignedCost => "unsigned integer costs",
            Requirement::NumericCost => "numeric costs",
            Requirement::Backward => "predecessors and the goal state",
            Requirement::InPlaceSpace => "a `Clone + Send` in-place space",
            Requirement::Threads => "a `Sync` problem",
        }
    }
}

/// A row: the name and summary, then the builder methods below.
const fn row(name: &'static str, summary: &'static str) -> StrategyInfo {
    StrategyInfo {
        name,
        pattern: name,
        parameter: None,
        guarantee: Guarantee::Optimal,
        uses_heuristic: false,
        in_place: false,
        tree_search: false,
        needs_consistency: false,
        requirements: &[],
        summary,
    }
}

impl StrategyInfo {
    const fn heuristic(mut self) -> Self {
        self.uses_heuristic = true;
        self
    }

    const fn consistent(mut self) -> Self {
        self.needs_consistency = true;
        self
    }

    const fn needing(mut self, requirements: &'static [Requirement]) -> Self {
        self.requirements = requirements;
        self
    }

    /// A spelling with a parameter, whose pattern is `pattern` (`wastar:W`).
    const fn with(mut self, parameter: Parameter, pattern: &'static str) -> Self {
        self.parameter = Some(parameter);
        self.pattern = pattern;
        self
    }

    const fn bounded_by(mut self, weight: Weight) -> Self {
        self.guarantee = if weight.is_one() {
            Guarantee::Optimal
        } else {
            Guarantee::Bounded(weight)
        };
        self
    }

    const fn unbounded(mut self) -> Self {
        self.guarantee = Guarantee::Unbounded;
        self
    }

    const fn searches_in_place(mut self) -> Self {
        self.in_place = true;
        self
    }

    const fn searches_paths(mut self) -> Self {
        self.tree_search = true;
        self
    }
}

/// The table: each row is `pattern => [the value in ALL] row;`; a strategy with a
/// parameter names its variant after the value (`[.., weight Strategy::Focal]`), which
/// writes the spelling's parameter and builds the strategy from a parsed one. A row's
/// pattern may take in a value of another row's variant (`Strategy::AStarTie(Tie::HighG)`
/// is `astar`): that value then has the row's spelling, without parameter. The rows
/// under `parallel` exist with the `parallel` feature only, and go to
/// `Strategy::PARALLEL`.
macro_rules! strategy_table {
    (
        every { $(
            $pattern:pat => [
                $example:expr
                $(, weight $weighted:path)? $(, width $wide:path)? $(, tie $tied:path)?
            ] $info:expr;
        )* }
        parallel { $($par_pattern:pat => [$par_example:expr] $par_info:expr;)* }
    ) => {
        impl Strategy {
            /// Every strategy that runs on a [`Problem`](crate::Problem) through
            /// [`Strategy::run`] in every build, in the order of the table above, the
            /// parameterized ones with a representative parameter (`astar:tie=low-g`,
            /// `wastar:2`, `beam:100`, `focal:2`, `ees:2`, `dps:2`, `anytime:2`, `arastar:2`).
            pub const ALL: [Strategy; [$($example),*].len()] = [$($example),*];

            /// The strategies of the `parallel` feature, in the order of the table above:
            /// not in [`Strategy::ALL`], since they run only through
            /// `Strategy::par_run_in_place` (`par-idastar`) or `Strategy::par_run`
            /// (`par-bfs`, `hda`).
            #[cfg(feature = "parallel")]
            pub const PARALLEL: [Strategy; [$($par_example),*].len()] = [$($par_example),*];

            /// What this strategy is: its row of the strategy table.
            #[must_use]
            pub fn info(self) -> StrategyInfo {
                match self {
                    $($pattern => $info,)*
                    $(#[cfg(feature = "parallel")] $par_pattern => $par_info,)*
                }
            }

            /// The weight of a strategy whose parameter is a weight ([`Parameter::Weight`]).
            pub(super) fn weight(self) -> Option<Weight> {
                match self {
                    $($($weighted(w) => Some(w),)?)*
                    _ => None,
                }
            }

            /// This strategy with weight `w`, if its parameter is a weight.
            pub(super) fn with_weight(self, w: Weight) -> Strategy {
                match self {
                    $($($weighted(_) => $weighted(w),)?)*
                    other => other,
                }
            }

            /// The width of a strategy whose parameter is a width ([`Parameter::Width`]).
            pub(super) fn width(self) -> Option<NonZeroUsize> {
                match self {
                    $($($wide(k) => Some(k),)?)*
                    _ => None,
                }
            }

            /// This strategy with width `width`, if its parameter is a width.
            pub(super) fn with_width(self, width: NonZeroUsize) -> Strategy {
                match self {
                    $($($wide(_) => $wide(width),)?)*
                    other => other,
                }
            }

            /// The rule of a strategy whose parameter is a tie rule ([`Parameter::Tie`]).
            pub(super) fn tie(self) -> Option<Tie> {
                match self {
                    $($($tied(t) => Some(t),)?)*
                    _ => None,
                }
            }

            /// This strategy with tie rule `tie`, if its parameter is a tie rule.
            pub(super) fn with_tie(self, tie: Tie) -> Strategy {
                match self {
                    $($($tied(_) => $tied(tie),)?)*
                    other => other,
                }
            }
        }
    };
}

use Requirement::{Backward, NumericCost, UniformCost, UnsignedCost};

strategy_table! {
    every {
        Strategy::Bfs => [Strategy::Bfs]
            row("bfs", "breadth-first search").needing(&[UniformCost]);
        Strategy::BidirectionalBfs => [Strategy::BidirectionalBfs]
            row("bibfs", "bidirectional breadth-first search, meeting in the middle")
                .needing(&[UniformCost, Backward]);
        Strategy::Dijkstra(Queue::Heap) => [Strategy::Dijkstra(Queue::Heap)]
            row("dijkstra", "Dijkstra's algorithm over a binary heap");
        Strategy::Dijkstra(Queue::Bucket) => [Strategy::Dijkstra(Queue::Bucket)]
            row("dijkstra:bucket", "Dijkstra over Dial's buckets").needing(&[UnsignedCost]);
        Strategy::Dijkstra(Queue::Radix) => [Strategy::Dijkstra(Queue::Radix)]
            row("dijkstra:radix", "Dijkstra over a radix heap").needing(&[UnsignedCost]);
        Strategy::AStar | Strategy::AStarTie(Tie::HighG) => [Strategy::AStar]
            row("astar", "A* over a binary heap, ties to the largest g").heuristic();
        Strategy::AStarTie(_) => [Strategy::AStarTie(Tie::LowG), tie Strategy::AStarTie]
            row("astar:tie", "A* over a binary heap, ties among equal f by rule T")
                .with(Parameter::Tie, "astar:tie=T")
                .heuristic();
        Strategy::AStarBucket => [Strategy::AStarBucket]
            row("astar:bucket", "A* over Dial's buckets kept as stacks, ties to the newest")
                .heuristic()
                .needing(&[UnsignedCost]);
        Strategy::Spfa => [Strategy::Spfa]
            row("spfa", "SPFA: negative step costs, negative cycles reported");
        Strategy::IdaStar => [Strategy::IdaStar]
            row("idastar", "IDA* with a check of the current path; in place on an InPlaceSpace")
                .heuristic()
                .searches_in_place()
                .searches_paths();
        Strategy::IdaStarTable => [Strategy::IdaStarTable]
            row("idastar-tt", "IDA* with a generation-stamped transposition table").heuristic();
        Strategy::BranchAndBound => [Strategy::BranchAndBound]
            row("dfbnb", "depth-first branch and bound with a transposition table; in place on an InPlaceSpace")
                .heuristic()
                .searches_in_place();
        Strategy::WeightedAStar(w) => [Strategy::WeightedAStar(Weight::TWO), weight Strategy::WeightedAStar]
            row("wastar", "weighted A*: states in order of g + W h")
                .with(Parameter::Weight, "wastar:W")
                .heuristic()
                .bounded_by(w)
                .needing(&[NumericCost]);
        Strategy::Greedy => [Strategy::Greedy]
            row("gbfs", "greedy best-first search on h alone").heuristic().unbounded();
        Strategy::Beam(_) => [Strategy::Beam(BEAM_100), width Strategy::Beam]
            row("beam", "beam search: the K best states of each layer")
                .with(Parameter::Width, "beam:K")
                .heuristic()
                .unbounded();
        Strategy::Focal(w) => [Strategy::Focal(Weight::TWO), weight Strategy::Focal]
            row("focal", "focal search (A*ε): least distance-to-go within W times the least f")
                .with(Parameter::Weight, "focal:W")
                .heuristic()
                .bounded_by(w)
                .needing(&[NumericCost]);
        Strategy::Ees(w) => [Strategy::Ees(Weight::TWO), weight Strategy::Ees]
            row("ees", "explicit estimation search: focal search on learned corrected estimates")
                .with(Parameter::Weight, "ees:W")
                .heuristic()
                .bounded_by(w)
                .needing(&[NumericCost]);
        Strategy::Dps(w) => [Strategy::Dps(Weight::TWO), weight Strategy::Dps]
            row("dps", "dynamic potential search: largest (W f_min - g) / h first")
                .with(Parameter::Weight, "dps:W")
                .heuristic()
                .bounded_by(w)
                .needing(&[NumericCost]);
        Strategy::Anytime(_) => [Strategy::Anytime(Weight::TWO), weight Strategy::Anytime]
            row("anytime", "anytime weighted A*: better solutions until one is proven optimal")
                .with(Parameter::Weight, "anytime:W")
                .heuristic()
                .needing(&[NumericCost]);
        Strategy::AraStar(_) => [Strategy::AraStar(Weight::TWO), weight Strategy::AraStar]
            row("arastar", "ARA*: weighted A* whose weight falls to 1, reusing its search")
                .with(Parameter::Weight, "arastar:W")
                .heuristic()
                .needing(&[NumericCost]);
        Strategy::AnaStar => [Strategy::AnaStar]
            row("anastar", "ANA*: anytime A* without a weight, by (G - g) / h")
                .heuristic()
                .needing(&[NumericCost]);
        Strategy::BidirectionalDijkstra => [Strategy::BidirectionalDijkstra]
            row("bidijkstra", "bidirectional Dijkstra").needing(&[Backward]);
        Strategy::Mm => [Strategy::Mm]
            row("mm", "MM: bidirectional heuristic search meeting in the middle")
                .heuristic()
                .needing(&[Backward]);
        Strategy::Nbs => [Strategy::Nbs]
            row("nbs", "NBS: bidirectional heuristic search expanding pairs of states")
                .heuristic()
                .needing(&[Backward]);
        Strategy::Bae => [Strategy::Bae]
            row("bae", "BAE*: bidirectional A* on f plus the heuristics' error; consistent heuristics")
                .heuristic()
                .consistent()
                .needing(&[UnsignedCost, Backward]);
    }
    parallel {
        Strategy::ParIdaStar => [Strategy::ParIdaStar]
            row("par-idastar", "IDA* in place on the threads of the rayon pool")
                .heuristic()
                .searches_in_place()
                .searches_paths()
                .needing(&[Requirement::InPlaceSpace]);
        Strategy::ParBfs => [Strategy::ParBfs]
            row("par-bfs", "layer-parallel BFS on the rayon pool")
                .needing(&[Requirement::Threads, UniformCost]);
        Strategy::Hda => [Strategy::Hda]
            row("hda", "hash-distributed A* on the threads of the rayon pool")
                .heuristic()
                .needing(&[Requirement::Threads]);
    }
}

impl Strategy {
    /// The value of this strategy's row in [`Strategy::ALL`] (or `Strategy::PARALLEL`)
    /// when the row has no parameter, else this strategy: a value that a parameterless
    /// row takes in (`AStarTie(Tie::HighG)`, in `astar`'s) is that row's strategy.
    pub(super) fn canonical(self) -> Strategy {
        let name = self.info().name;
        if self.info().parameter.is_some() {
            return self;
        }
        let every = Strategy::ALL.into_iter();
        #[cfg(feature = "parallel")]
        let every = every.chain(Strategy::PARALLEL);
        every
            .into_iter()
            .find(|s| s.info().name == name)
            .unwrap_or(self)
    }
}

/// The beam width of [`Strategy::ALL`]'s beam search.
const BEAM_100: NonZeroUsize = NonZeroUsize::new(100).expect("100 is not zero");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_names_its_strategy_and_all_holds_each_once() {
        let mut names: Vec<&str> = Strategy::ALL.iter().map(|s| s.info().name).collect();
        #[cfg(feature = "parallel")]
        names.extend(Strategy::PARALLEL.iter().map(|s| s.info().name));
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "two rows share a name");
    }

    /// The tests and benches skip the tree searches on large inputs by this column.
    #[test]
    fn the_tree_searches_are_the_iterative_deepening_ones_without_a_table() {
        let tree: Vec<&str> = Strategy::ALL
            .iter()
            .filter(|s| s.info().tree_search)
            .map(|s| s.info().name)
            .collect();
        assert_eq!(tree, ["idastar"]);
        #[cfg(feature = "parallel")]
        assert!(Strategy::ParIdaStar.info().tree_search);
    }

    /// The tests skip these on inconsistent heuristics by this column.
    #[test]
    fn bae_alone_needs_a_consistent_heuristic() {
        let consistent: Vec<&str> = Strategy::ALL
            .iter()
            .filter(|s| s.info().needs_consistency)
            .map(|s| s.info().name)
            .collect();
        assert_eq!(consistent, ["bae"]);
    }

    /// A row's parameter column and the variant it names for the spelling agree: a row
    /// with a weight but no `weight` variant would parse `name:1.5` as its example weight.
    #[test]
    fn every_parameterized_row_names_its_variant() {
        let w: Weight = "1.5".parse().unwrap();
        let k = NonZeroUsize::new(7).unwrap();
        let t = Tie::Oldest;
        for strategy in Strategy::ALL {
            let parameter = strategy.info().parameter;
            let name = strategy.info().name;
            assert_eq!(
                parameter == Some(Parameter::Weight),
                strategy.weight().is_some() && strategy.with_weight(w).weight() == Some(w),
                "{name}"
            );
            assert_eq!(
                parameter == Some(Parameter::Width),
                strategy.width().is_some() && strategy.with_width(k).width() == Some(k),
                "{name}"
            );
            assert_eq!(
                parameter == Some(Parameter::Tie),
                strategy.tie().is_some() && strategy.with_tie(t).tie() == Some(t),
                "{name}"
            );
        }
    }

    /// A value that a parameterless row takes in (`AStarTie(Tie::HighG)`, in `astar`'s
    /// row) is that row's strategy under another name: the same row, and the canonical
    /// value is the row's value in `ALL`.
    #[test]
    fn the_default_tie_rule_is_astar() {
        let high = Strategy::AStarTie(Tie::HighG);
        assert_eq!(high.info(), Strategy::AStar.info());
        assert_eq!(high.canonical(), Strategy::AStar);
        for tie in [Tie::LowG, Tie::Newest, Tie::Oldest] {
            let strategy = Strategy::AStarTie(tie);
            assert_eq!(strategy.info().parameter, Some(Parameter::Tie));
            assert_eq!(strategy.canonical(), strategy);
            assert!(strategy.is_optimal() && strategy.uses_heuristic());
        }
    }

    #[test]
    fn a_weight_of_one_is_optimal_and_larger_is_bounded() {
        let w = |text: &str| text.parse::<Weight>().unwrap();
        assert_eq!(
            Strategy::WeightedAStar(Weight::ONE).info().guarantee,
            Guarantee::Optimal
        );
        assert_eq!(
            Strategy::Focal(w("1.5")).info().guarantee,
            Guarantee::Bounded(w("1.5"))
        );
        // anytime's and ARA*'s last solution is optimal whatever the weight.
        for strategy in [Strategy::Anytime(w("3")), Strategy::AraStar(w("3"))] {
            assert_eq!(strategy.info().guarantee, Guarantee::Optimal);
        }
        assert_eq!(
            Guarantee::Bounded(w("1.5")).to_string(),
            "at most 1.5 x optimal"
        );
    }
}
