//! The one dispatch from a [`Strategy`] to its engine: storage chosen once for every
//! engine, costs and events converted for the engines that count steps, refusals typed.

use crate::algo::beam::Beam;
use crate::algo::best_first;
use crate::algo::bidir_best::{self, BidirectionalBestScratch, Meeting, Rule};
use crate::algo::rekeyed::Rekeying;
use crate::error::{CapacityError, CapacityErrorKind};
use crate::event::{Event, NoVisitor, Visitor};
use crate::queue::{BinaryQueue, Tie};
use crate::solution::{Limits, Plan, Search, Solution, StopReason};
use crate::space::{Cost, InPlaceSpace, StateIndexer, StateSpace, UnsignedCost, UnsignedUser};
use crate::store::with_storage;
use crate::store::{Chosen, NO_SLOT, Probe, Ran, Reusable, Slot, Spread, Storage, StorageUser};
use crate::{CycleCheck, Engine, IdaStar, InPlaceIdaStar, InPlaceSolver, Spfa};
use crate::{Solver, StoragePolicy};

use super::open::{BestFirst, List};
use super::searcher::{BestFirstBuffers, Kept, reuse};
use super::steps::{self, Bidirectional, Steps};
use super::stored::Started;
use super::{Inapplicable, MaybeBackward, MaybeIndexer, Requirement, Strategy, StrategyError};
use crate::problem::{CostOf, SearchProblem, StateOf};

/// What [`Strategy::run`] returns.
pub type StrategyResult<S, C> = Result<Search<Solution<S, C>>, StrategyError<S, C>>;

/// What [`Strategy::run_in_place`] returns.
pub type InPlaceResult<A, C> = Result<Search<Plan<A, C>>, StrategyError<A, C>>;

impl Strategy {
    /// Runs this strategy on `problem` within `limits`.
    ///
    /// # Returns
    ///
    /// The engine's [`Search`]: [`Outcome::Found`](crate::Outcome::Found) with a solution (a
    /// least-cost one for the optimal strategies, given an admissible heuristic: see
    /// [`Strategy::is_optimal`]), [`Outcome::NoPath`](crate::Outcome::NoPath), or
    /// [`Outcome::Stopped`](crate::Outcome::Stopped) by a limit, a cost overflow, a store
    /// that could not grow, or (beam search) pruning. Costs are the space's for every
    /// strategy (`bfs` and `bibfs` count steps times the space's uniform cost).
    ///
    /// # Errors
    ///
    /// - [`StrategyError::NotApplicable`] when the strategy cannot run on the problem (see
    ///   [`Inapplicable`]). A negative step cost is found while searching: a strategy other
    ///   than `spfa` refuses when it generates one, after some work, and does not notice
    ///   one it never generates (Dijkstra settles the goal before a dearer state whose
    ///   step out is negative), so its solution may then not be a least-cost one. On a
    ///   space with negative costs, run `spfa`.
    /// - [`StrategyError::Capacity`] when dense storage was asked for and cannot be had:
    ///   too large, or the indexer numbers a start (or, for `bibfs` and the bidirectional
    ///   best-first strategies, the backward view's goal) beyond its bound
    ///   ([`CapacityErrorKind::OutsideIndexer`]; automatic storage then searches with
    ///   hashed storage).
    /// - [`StrategyError::NegativeCycle`] when `spfa` meets a reachable negative cycle.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::{Limits, Problem, Strategy};
    ///
    /// let space = state_search::from_fn(|&n: &u64| [(n + 1, 1u64), (n * 3, 2)]);
    /// let problem = Problem::new(&space, [1], |&n| n == 81);
    /// let limits = Limits::new().max_expansions(1_000);
    /// let search = Strategy::IdaStarTable.run(&problem, &limits)?;
    /// assert_eq!(search.found().unwrap().cost, 8);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run<P: SearchProblem>(
        &self,
        problem: &P,
        limits: &Limits<CostOf<P>>,
    ) -> StrategyResult<StateOf<P>, CostOf<P>> {
        self.run_with(problem, limits, &mut NoVisitor)
    }

    /// [`Strategy::run`] with an event visitor. It sees the engine's events, with costs in
    /// the space's cost type for every strategy.
    ///
    /// # Errors
    ///
    /// As [`Strategy::run`].
    pub fn run_with<P, V>(
        &self,
        problem: &P,
        limits: &Limits<CostOf<P>>,
        visitor: &mut V,
    ) -> StrategyResult<StateOf<P>, CostOf<P>>
    where
        P: SearchProblem,
        V: Visitor<StateOf<P>, CostOf<P>>,
    {
        self.searcher().run_with(problem, limits, visitor)
    }

    /// Runs this strategy on an [`InPlaceSpace`]: `idastar` is the in-place IDA*
    /// ([`InPlaceIdaStar`]) and `dfbnb` its branch and bound
    /// ([`InPlaceIdaStar::branch_and_bound`]: with no cycle check beyond the inverse
    /// action, it ends on a space with cycles only within
    /// [`Limits::max_cost`](crate::Limits::max_cost), and otherwise runs until another
    /// limit stops it); the other strategies need a [`StateSpace`] (and `par-idastar`,
    /// with the `parallel` feature, `Strategy::par_run_in_place`).
    ///
    /// # Errors
    ///
    /// [`StrategyError::NotApplicable`] for a strategy that does not search in place, or
    /// when the space has a negative action cost.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::{InPlaceSpace, Limits, Strategy};
    ///
    /// /// A counter that is incremented or doubled, up to a target.
    /// struct Counter(u32);
    /// impl InPlaceSpace for Counter {
    ///     type Action = bool; // true: double
    ///     type Cost = u32;
    ///     type Actions = core::array::IntoIter<bool, 2>;
    ///     fn actions(&self) -> Self::Actions { [false, true].into_iter() }
    ///     fn apply(&mut self, double: bool) -> u32 {
    ///         if double { self.0 *= 2 } else { self.0 += 1 }
    ///         1
    ///     }
    ///     fn undo(&mut self, double: bool) {
    ///         if double { self.0 /= 2 } else { self.0 -= 1 }
    ///     }
    /// }
    /// let mut counter = Counter(1);
    /// let search = Strategy::IdaStar.run_in_place(&mut counter, |c| c.0 == 12, &Limits::new())?;
    /// assert_eq!(search.found().unwrap().cost, 4); // 1 2 3 6 12
    /// // Branch and bound: the counter only grows, so every path ends (past 12, by the
    /// // cost limit).
    /// let limits = Limits::new().max_cost(12);
    /// let search = Strategy::BranchAndBound.run_in_place(&mut counter, |c| c.0 == 12, &limits)?;
    /// assert_eq!(search.found().unwrap().cost, 4);
    /// assert!(Strategy::AStar.run_in_place(&mut counter, |c| c.0 == 12, &Limits::new()).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run_in_place<Sp, G>(
        &self,
        space: &mut Sp,
        is_goal: G,
        limits: &Limits<Sp::Cost>,
    ) -> InPlaceResult<Sp::Action, Sp::Cost>
    where
        Sp: InPlaceSpace,
        G: FnMut(&Sp) -> bool,
    {
        self.run_in_place_with(space, is_goal, limits, &mut NoVisitor)
    }

    /// [`Strategy::run_in_place`] with an event visitor.
    ///
    /// # Errors
    ///
    /// As [`Strategy::run_in_place`].
    pub fn run_in_place_with<Sp, G, V>(
        &self,
        space: &mut Sp,
        is_goal: G,
        limits: &Limits<Sp::Cost>,
        visitor: &mut V,
    ) -> InPlaceResult<Sp::Action, Sp::Cost>
    where
        Sp: InPlaceSpace,
        G: FnMut(&Sp) -> bool,
        V: Visitor<Sp, Sp::Cost>,
    {
        let refuse = |reason| StrategyError::NotApplicable {
            strategy: *self,
            reason,
        };
        let engine = InPlaceIdaStar::new().with_limits(limits.clone());
        let engine = match self {
            Strategy::IdaStar => engine,
            Strategy::BranchAndBound => engine.branch_and_bound(),
            #[cfg(feature = "parallel")]
            Strategy::ParIdaStar => return Err(refuse(Inapplicable::NeedsSendSpace)),
            _ => return Err(refuse(Inapplicable::NeedsStateSpace)),
        };
        let search = engine.search_with(space, is_goal, visitor);
        if search.stop_reason() == Some(StopReason::NegativeCost) {
            return Err(refuse(Inapplicable::NegativeCost));
        }
        Ok(search)
    }
}

/// Runs `strategy` on `problem` within `limits`, in the buffers `kept` keeps: what
/// [`Strategy::run_with`] and [`StrategySearcher::run_with`](super::StrategySearcher::run_with) do.
pub(super) fn dispatch<P, V>(
    strategy: Strategy,
    problem: &P,
    limits: &Limits<CostOf<P>>,
    visitor: &mut V,
    kept: &mut Kept<StateOf<P>, CostOf<P>, IndexerOf<P>>,
) -> StrategyResult<StateOf<P>, CostOf<P>>
where
    P: SearchProblem,
    V: Visitor<StateOf<P>, CostOf<P>>,
{
    let limits = &limits.started();
    let refuse = |reason| StrategyError::NotApplicable { strategy, reason };
    if let Some(reason) = lacking(strategy, problem) {
        return Err(refuse(reason));
    }
    let mut run = Run {
        problem,
        limits,
        visitor,
        kept,
    };
    let search = match strategy {
        Strategy::Bfs | Strategy::BidirectionalBfs => {
            let steps = Steps::new(strategy, problem).map_err(refuse)?;
            run.stored(size_of::<Slot>(), &mut Kind::Steps(steps))?
        }
        Strategy::Dijkstra(queue) => run.best_first(List::Cost(queue), false)?,
        Strategy::AStar | Strategy::AStarTie(Tie::HighG) => {
            run.best_first(List::Estimate(None), false)?
        }
        Strategy::AStarTie(tie) => run.best_first(List::Estimate(Some(tie)), false)?,
        Strategy::AStarBucket => run.best_first(List::EstimateBucket, false)?,
        Strategy::WeightedAStar(weight) => run.best_first(List::Weighted(weight.get()), false)?,
        Strategy::Anytime(weight) => run.best_first(List::Weighted(weight.get()), true)?,
        Strategy::AraStar(weight) => run.best_first(
            List::Rekeyed(Rekeying::Repairing(weight.millionths())),
            true,
        )?,
        Strategy::AnaStar => run.best_first(List::Rekeyed(Rekeying::Nonparametric), true)?,
        Strategy::Greedy => run.best_first(List::Greedy, false)?,
        Strategy::Focal(weight) => run.best_first(List::Focal(weight.get()), false)?,
        Strategy::Ees(weight) => run.best_first(List::Ees(weight.get()), false)?,
        Strategy::Dps(weight) => run.best_first(
            List::Rekeyed(Rekeying::Potential(weight.millionths())),
            false,
        )?,
        Strategy::Spfa => run.spfa()?,
        // Without a table the storage is unused; passing automatic storage's type compiles
        // the engine once for `idastar`, `idastar-tt` and `dfbnb`.
        Strategy::IdaStar => {
            let mut engine = Kind::DepthFirst {
                table: false,
                branch_and_bound: false,
            };
            let mut user = WithStorage {
                run: &mut run,
                engine: &mut engine,
            };
            user.search(&Chosen::<IndexerOf<P>>::Hashed, limits)?
        }
        Strategy::IdaStarTable | Strategy::BranchAndBound => {
            let mut engine = Kind::DepthFirst {
                table: true,
                branch_and_bound: strategy == Strategy::BranchAndBound,
            };
            run.stored(size_of::<(u32, CostOf<P>)>(), &mut engine)?
        }
        Strategy::Beam(width) => {
            run.stored(size_of::<(u32, CostOf<P>)>(), &mut Kind::Beam(width))?
        }
        Strategy::BidirectionalDijkstra | Strategy::Mm | Strategy::Nbs | Strategy::Bae => {
            let ends = steps::ends(problem).map_err(refuse)?;
            let meeting = match strategy {
                Strategy::Mm => Meeting::Mm,
                Strategy::Nbs => Meeting::Nbs,
                Strategy::Bae => Meeting::Bae,
                _ => Meeting::Dijkstra,
            };
            let mut engine = Kind::Bidirectional { meeting, ends };
            run.stored(bidir_best::RECORD_BYTES, &mut engine)?
        }
        #[cfg(feature = "parallel")]
        Strategy::ParIdaStar => return Err(refuse(Inapplicable::NeedsInPlaceSpace)),
        #[cfg(feature = "parallel")]
        Strategy::ParBfs | Strategy::Hda => return Err(refuse(Inapplicable::NeedsSyncProblem)),
    };
    if search.stop_reason() == Some(StopReason::NegativeCost) {
        return Err(refuse(Inapplicable::NegativeCost));
    }
    Ok(search)
}

/// What `problem` lacks of the requirements in `strategy`'s row of the strategy table (the
/// first, in the row's order), as a refusal: checked before any search.
fn lacking<P: SearchProblem>(strategy: Strategy, problem: &P) -> Option<Inapplicable> {
    strategy
        .info()
        .requirements
        .iter()
        .find_map(|&requirement| match requirement {
            Requirement::UniformCost => {
                let unit = problem.space().uniform_cost();
                unit.is_none_or(Cost::is_negative)
                    .then_some(Inapplicable::NeedsUniformCost)
            }
            Requirement::UnsignedCost => CostOf::<P>::with_unsigned(IsUnsigned)
                .is_none()
                .then_some(Inapplicable::NeedsUnsignedCost),
            Requirement::NumericCost => CostOf::<P>::ZERO
                .to_f64()
                .is_none()
                .then_some(Inapplicable::NeedsNumericCost),
            Requirement::Backward => steps::ends(problem).err(),
            // An in-place space, threads or a domain: not through `Strategy::run`.
            other => Some(other.refusal()),
        })
}

/// Runs nothing: `Cost::with_unsigned(IsUnsigned)` says whether a cost type is unsigned.
struct IsUnsigned;

impl<C: Cost> UnsignedUser<C> for IsUnsigned {
    type Output = ();
    fn run(self)
    where
        C: UnsignedCost,
    {
    }
}

/// A run in progress: the problem, its limits, the visitor and the kept buffers.
struct Run<'r, P: SearchProblem, V> {
    problem: &'r P,
    limits: &'r Limits<CostOf<P>>,
    visitor: &'r mut V,
    kept: &'r mut Kept<StateOf<P>, CostOf<P>, IndexerOf<P>>,
}

impl<'r, P: SearchProblem, V: Visitor<StateOf<P>, CostOf<P>>> Run<'r, P, V> {
    /// Runs `engine` with the storage the problem's policy picks, for a dense store of
    /// `record_bytes` per state.
    fn stored(
        &mut self,
        record_bytes: usize,
        engine: &mut Kind<StateOf<P>, CostOf<P>>,
    ) -> Started<StateOf<P>, CostOf<P>> {
        let budget = self.limits.memory_limit();
        let problem = self.problem;
        let warm = self.warm();
        let to_goal = match engine {
            Kind::Bidirectional { .. } => true,
            Kind::Steps(steps) => steps.bidirectional(),
            _ => false,
        };
        let indexer = self.indexer(to_goal)?;
        let mut user = WithStorage { run: self, engine };
        with_storage(
            problem.storage(),
            warm,
            indexer,
            record_bytes,
            budget,
            &mut user,
        )
    }

    /// The problem's indexer, for storage to choose with: none (hashed storage) when it
    /// numbers a start, or the backward view's goal for a search `to_goal` from it too,
    /// beyond its bound, which a dense store cannot hold (a cell off a map: no path,
    /// which hashed storage answers); an error when dense storage was asked for.
    fn indexer(&self, to_goal: bool) -> Result<Option<&'r IndexerOf<P>>, CapacityError> {
        let problem = self.problem;
        let Some(indexer) = problem.indexer().get() else {
            return Ok(None);
        };
        let bound = indexer.bound();
        if bound >= NO_SLOT as usize {
            // No dense store takes such a bound: storage goes hashed (or refuses) without
            // numbering a state, which such an indexer may not do (a stack of 21 pancakes).
            return Ok(Some(indexer));
        }
        let outside = problem
            .starts()
            .iter()
            .chain(problem.backward().goal().filter(|_| to_goal))
            .map(|state| indexer.index(state))
            .find(|&index| index >= bound);
        match outside {
            None => Ok(Some(indexer)),
            Some(_) if problem.storage() != StoragePolicy::Dense => Ok(None),
            Some(index) => Err(CapacityError {
                entries: index,
                bytes: None,
                reason: CapacityErrorKind::OutsideIndexer,
            }),
        }
    }

    /// A best-first search with the open list `list`; `anytime`: it goes on after the
    /// first goal, as anytime weighted A*, ARA* and ANA*.
    fn best_first(&mut self, list: List, anytime: bool) -> Started<StateOf<P>, CostOf<P>> {
        let record = size_of::<best_first::Node<CostOf<P>>>();
        self.stored(record, &mut Kind::BestFirst(BestFirst { list, anytime }))
    }

    /// Whether dense buffers of the problem's numbering are kept: automatic storage then
    /// goes dense at once.
    fn warm(&self) -> bool {
        let indexer = self.problem.indexer().get();
        indexer.is_some_and(|i| self.kept.dense_bound() == Some(i.bound()))
    }

    /// SPFA, whose negative cycles are errors.
    fn spfa(&mut self) -> StrategyResult<StateOf<P>, CostOf<P>> {
        let budget = self.limits.memory_limit();
        let problem = self.problem;
        let warm = self.warm();
        let indexer = self.indexer(false)?;
        let mut user = SpfaUser { run: self };
        with_storage(
            problem.storage(),
            warm,
            indexer,
            size_of::<(Slot, CostOf<P>, bool, u32, u32)>(),
            budget,
            &mut user,
        )?
    }
}

/// The storage user that runs an engine of [`Kind`].
struct WithStorage<'a, 'r, P: SearchProblem, V> {
    run: &'a mut Run<'r, P, V>,
    engine: &'a mut Kind<StateOf<P>, CostOf<P>>,
}

impl<P, V> StorageUser<StateOf<P>, IndexerOf<P>> for WithStorage<'_, '_, P, V>
where
    P: SearchProblem,
    V: Visitor<StateOf<P>, CostOf<P>>,
{
    type Output = Search<Solution<StateOf<P>, CostOf<P>>>;

    fn run(
        &mut self,
        storage: Chosen<IndexerOf<P>>,
        probe: Option<Probe>,
    ) -> Result<Ran<Self::Output>, CapacityError> {
        let limits = Probe::limits(probe, self.run.limits);
        let search = self.search(&storage, &limits)?;
        Ok(if Probe::outgrew(probe, &search) {
            restarted(self.run.visitor, search)
        } else {
            Ran::Done(search)
        })
    }

    fn spread(&self, spread: &mut Spread<'_, IndexerOf<P>>) {
        let kept = &*self.run.kept;
        match &*self.engine {
            Kind::BestFirst(_) => kept.best_first.spread(spread),
            Kind::Steps(steps) if steps.bidirectional() => kept.bibfs.spread(spread),
            Kind::Steps(_) => kept.bfs.spread(spread),
            Kind::DepthFirst { .. } => kept.depth_first.spread(spread),
            Kind::Beam(_) => kept.beam.spread(spread),
            Kind::Bidirectional { .. } => kept.bidirectional.spread(spread),
        }
    }
}

impl<P, V> WithStorage<'_, '_, P, V>
where
    P: SearchProblem,
    V: Visitor<StateOf<P>, CostOf<P>>,
{
    /// Runs the engine with `storage` within `limits`, in the kept buffers where it keeps
    /// them.
    fn search(
        &mut self,
        storage: &Chosen<IndexerOf<P>>,
        limits: &Limits<CostOf<P>>,
    ) -> Started<StateOf<P>, CostOf<P>> {
        let Run {
            problem,
            visitor,
            kept,
            ..
        } = self.run;
        Ok(match self.engine {
            Kind::BestFirst(best_first) => {
                let buffers = reuse(&mut kept.best_first, storage, || {
                    Ok(BestFirstBuffers {
                        store: storage.try_store()?,
                        astar: BinaryQueue::new(),
                    })
                })?;
                let buffers = (&mut buffers.store, &mut buffers.astar);
                best_first.run(buffers, *problem, limits, *visitor)
            }
            Kind::Steps(steps) => steps.run(storage, kept, *problem, limits, *visitor)?,
            &mut Kind::DepthFirst {
                table,
                branch_and_bound,
            } => {
                let mut engine = IdaStar::with_table(storage.clone()).with_limits(limits.clone());
                if !table {
                    engine = engine.without_table().with_cycle_check(CycleCheck::Path);
                }
                if branch_and_bound {
                    engine = engine.branch_and_bound();
                }
                let scratch = reuse(&mut kept.depth_first, storage, || engine.scratch())?;
                engine.search_in(scratch, *problem, *visitor)
            }
            &mut Kind::Beam(width) => {
                let engine = Beam::with_storage(width, storage.clone()).with_limits(limits.clone());
                let scratch = reuse(&mut kept.beam, storage, || engine.scratch())?;
                engine.search_in(scratch, *problem, *visitor)
            }
            Kind::Bidirectional { meeting, ends } => {
                let space = Bidirectional {
                    space: problem.space(),
                    backward: problem.backward(),
                };
                let back = |s: &StateOf<P>| problem.backward().estimate_back(s);
                let rule = Rule::new(*meeting, &space);
                let ends = (core::slice::from_ref(&ends.0), &ends.1);
                let heuristics = (problem.heuristic(), &back);
                let scratch = reuse(&mut kept.bidirectional, storage, || {
                    BidirectionalBestScratch::new(storage)
                })?;
                let search = bidir_best::run;
                search(rule, scratch, limits, &space, ends, heuristics, *visitor)
            }
        })
    }
}

/// The numbering type of a problem's automatic storage.
pub(super) type IndexerOf<P> = <<P as SearchProblem>::I as MaybeIndexer<StateOf<P>>>::Indexer;

/// The engines [`dispatch`] runs on the chosen storage: one type, so that the choice of
/// storage and its glue are compiled once for all of them.
enum Kind<S, C> {
    /// A best-first strategy: Dijkstra, A*, weighted, anytime (weighted, ARA*, ANA*),
    /// greedy, focal or EES.
    BestFirst(BestFirst),
    /// `bfs` or `bibfs`, counting steps.
    Steps(Steps<S, C>),
    /// IDA*'s depth-first engine: iterative deepening, or branch and bound; with a
    /// transposition table, or without one and with the check of the current path.
    DepthFirst { table: bool, branch_and_bound: bool },
    /// Beam search of a width.
    Beam(core::num::NonZeroUsize),
    /// Bidirectional Dijkstra, MM, NBS or BAE* between the problem's start and goal state.
    Bidirectional { meeting: Meeting, ends: (S, S) },
}

/// A hashed start that outgrew its probe: tells the visitor that the search starts again
/// ([`Event::Restarted`]), and ends it with [`StopReason::Visitor`] if the visitor breaks.
fn restarted<S, C, T, V: Visitor<S, C>>(visitor: &mut V, search: Search<T>) -> Ran<Search<T>> {
    let event = Event::Restarted {
        stats: &search.stats,
    };
    if visitor.visit(event).is_break() {
        Ran::Done(Search {
            outcome: crate::Outcome::Stopped(StopReason::Visitor),
            ..search
        })
    } else {
        Ran::Outgrew
    }
}

/// The storage user that runs SPFA.
struct SpfaUser<'a, 'r, P: SearchProblem, V> {
    run: &'a mut Run<'r, P, V>,
}

impl<P, V> StorageUser<StateOf<P>, IndexerOf<P>> for SpfaUser<'_, '_, P, V>
where
    P: SearchProblem,
    V: Visitor<StateOf<P>, CostOf<P>>,
{
    type Output = StrategyResult<StateOf<P>, CostOf<P>>;

    fn run(
        &mut self,
        storage: Chosen<IndexerOf<P>>,
        probe: Option<Probe>,
    ) -> Result<Ran<Self::Output>, CapacityError> {
        let problem = self.run.problem;
        let limits = Probe::limits(probe, self.run.limits).into_owned();
        let engine = Spfa::with_storage(storage.clone()).with_limits(limits);
        let scratch = reuse(&mut self.run.kept.spfa, &storage, || engine.scratch())?;
        let searched = engine.search_in(scratch, problem, self.run.visitor);
        Ok(match searched {
            Ok(search) if Probe::outgrew(probe, &search) => {
                match restarted(self.run.visitor, search) {
                    Ran::Done(stopped) => Ran::Done(Ok(stopped)),
                    Ran::Outgrew => Ran::Outgrew,
                }
            }
            searched => Ran::Done(searched.map_err(StrategyError::NegativeCycle)),
        })
    }

    fn spread(&self, spread: &mut Spread<'_, IndexerOf<P>>) {
        self.run.kept.spfa.spread(spread);
    }
}
