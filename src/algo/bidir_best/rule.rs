//! The rules of the bidirectional best-first loop: what tells bidirectional Dijkstra, MM,
//! NBS and BAE* apart (see the parent module), and the bounds they compare.

use crate::space::{Cost, StateSpace, UnsignedCost, UnsignedUser};

/// A cost, or a value beyond every cost of the type (a sum that does not fit it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Bound<C> {
    /// A cost.
    Finite(C),
    /// Above every cost of the type.
    Beyond,
}

impl<C: Cost> Bound<C> {
    /// `a + b`, or [`Bound::Beyond`] when the sum does not fit.
    pub(super) fn sum(a: C, b: C) -> Self {
        a.checked_plus(b).map_or(Bound::Beyond, Bound::Finite)
    }

    /// `g_F + g_B + ε`: the least cost of a path through a forward state at `g_F` and a
    /// different backward state at `g_B`, steps costing at least `ε`.
    pub(super) fn apart(forward: C, backward: C, epsilon: C) -> Self {
        forward
            .checked_plus(backward)
            .and_then(|g| g.checked_plus(epsilon))
            .map_or(Bound::Beyond, Bound::Finite)
    }
}

/// The least keys of one side's open list, when it is not empty.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frontier<C> {
    /// The least priority.
    pub(crate) priority: Bound<C>,
    /// The least `f` (for a rule without heuristics, the least `g`).
    pub(crate) f: C,
    /// The least `g`.
    pub(crate) g: C,
    /// The number of open states.
    pub(crate) open: usize,
}

/// What tells the bidirectional searches apart: the priority of an open state, the side
/// to expand, and the lower bound that ends the search. A value, not a type parameter:
/// both searches are one compiled engine.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Rule<C> {
    /// Bidirectional Dijkstra: priority `g`, the side with fewer open states first, stop
    /// when `U <= top_F + top_B`.
    BiDijkstra,
    /// MM: priority `max(f, 2g)`, the side of least priority first, stop when
    /// `U <= max(C, fmin_F, fmin_B, gmin_F + gmin_B + ε)`; `epsilon` is the least step
    /// cost (a lower bound on it).
    Mm { epsilon: C },
    /// NBS: each side's open states wait by `f` until `f <= C_LB`, then are ready by `g`;
    /// the ready pair of least `g` expands, both sides, once
    /// `g_F + g_B + ε <= C_LB`; stop when `U <= C_LB`.
    Nbs { epsilon: C },
    /// BAE*: priority `b = 2g + h - h_other` (the other side's heuristic at the state),
    /// exact as an [`Error`]; the side of least `b` first; stop when
    /// `U <= ⌈(bmin_F + bmin_B) / 2⌉`, a lower bound given consistent heuristics.
    Bae,
}

/// BAE*'s priority `b = 2g + h - h_other` of an open state, exactly: as `i128`, which
/// holds `2g + h` and `-h_other` of every [`UnsignedCost`] (at most 64 bits) without
/// overflow, and the negative values an inadmissible `h_other` gives.
pub(crate) type Error = i128;

/// The key of a cost type that is not an [`UnsignedCost`] (which the strategy refuses
/// and the engine's bounds rule out): below every real key, so the bound it gives is
/// zero and the search never stops early (it ends, optimal, when a side runs dry).
const UNKNOWN_ERROR: Error = -(1 << 100);

/// Computes [`Error`] for an [`UnsignedCost`]: `(g, h, h_other)`.
struct ErrorOf<C>(C, C, C);

impl<C: Cost> UnsignedUser<C> for ErrorOf<C> {
    type Output = Error;
    #[inline]
    fn run(self) -> Error
    where
        C: UnsignedCost,
    {
        let [g, h, other] = [self.0, self.1, self.2].map(|c| Error::from(c.to_u64()));
        2 * g + h - other
    }
}

/// `⌈b / 2⌉` as a cost of an [`UnsignedCost`] type: zero when `b` is not positive,
/// [`Bound::Beyond`] above the type's range.
struct HalfOf(Error);

impl<C: Cost> UnsignedUser<C> for HalfOf {
    type Output = Bound<C>;
    fn run(self) -> Bound<C>
    where
        C: UnsignedCost,
    {
        let half = self.0.saturating_add(1).div_euclid(2).max(0);
        match u64::try_from(half) {
            Ok(half) if C::from_u64(half).to_u64() == half => Bound::Finite(C::from_u64(half)),
            _ => Bound::Beyond,
        }
    }
}

/// Which of the bidirectional searches to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Meeting {
    /// Bidirectional Dijkstra.
    Dijkstra,
    /// MM.
    Mm,
    /// NBS.
    Nbs,
    /// BAE*.
    Bae,
}

impl<C: Cost> Rule<C> {
    /// The rule of `meeting` on `space`: `ε` is the space's uniform step cost, if it has
    /// one, else zero.
    pub(crate) fn new<Sp: StateSpace<Cost = C> + ?Sized>(meeting: Meeting, space: &Sp) -> Self {
        let epsilon = space.uniform_cost().filter(|c| !c.is_negative());
        let epsilon = epsilon.unwrap_or(C::ZERO);
        match meeting {
            Meeting::Dijkstra => Rule::BiDijkstra,
            Meeting::Mm => Rule::Mm { epsilon },
            Meeting::Nbs => Rule::Nbs { epsilon },
            Meeting::Bae => Rule::Bae,
        }
    }

    /// BAE*'s priority `b = 2g + h - h_other` of a state reached at cost `g` with
    /// estimates `h` (its side's) and `h_other` (the other side's); see [`Error`].
    #[inline]
    pub(super) fn error(g: C, h: C, other: C) -> Error {
        C::with_unsigned(ErrorOf(g, h, other)).unwrap_or(UNKNOWN_ERROR)
    }

    /// BAE*'s lower bound `⌈(bmin_F + bmin_B) / 2⌉` on the cost of every path cheaper than
    /// `U`, given consistent heuristics both ways (the ceiling since costs are integers);
    /// zero for a cost type that is not an [`UnsignedCost`].
    pub(super) fn error_bound(forward: Error, backward: Error) -> Bound<C> {
        let sum = forward.saturating_add(backward);
        C::with_unsigned(HalfOf(sum)).unwrap_or(Bound::Finite(C::ZERO))
    }

    /// Whether the rule uses the heuristics (then each side keeps its least `f` and `g`
    /// besides its least priority).
    #[inline]
    pub(super) fn heuristic(&self) -> bool {
        !matches!(self, Rule::BiDijkstra)
    }

    /// The priority of an open state of cost `g` and `f = g + h`: least first. (NBS and
    /// BAE* order their states by their own keys, [`Rule::error`] for BAE*, and share
    /// MM's arms here and below only to keep the matches whole.)
    #[inline]
    pub(super) fn priority(&self, g: C, f: C) -> Bound<C> {
        match self {
            Rule::BiDijkstra => Bound::Finite(g),
            Rule::Mm { .. } | Rule::Nbs { .. } | Rule::Bae => {
                Bound::Finite(f).max(Bound::sum(g, g))
            }
        }
    }

    /// Whether the forward side expands next.
    pub(super) fn forward_first(&self, forward: &Frontier<C>, backward: &Frontier<C>) -> bool {
        match self {
            Rule::BiDijkstra => forward.open <= backward.open,
            Rule::Mm { .. } | Rule::Nbs { .. } | Rule::Bae => {
                (forward.priority, forward.open) <= (backward.priority, backward.open)
            }
        }
    }

    /// A lower bound on the cost of every path cheaper than the best meeting so far.
    pub(super) fn lower_bound(&self, forward: &Frontier<C>, backward: &Frontier<C>) -> Bound<C> {
        let epsilon = match *self {
            Rule::BiDijkstra => return Bound::sum(forward.g, backward.g),
            Rule::Mm { epsilon } | Rule::Nbs { epsilon } => epsilon,
            Rule::Bae => C::ZERO,
        };
        let c = forward.priority.min(backward.priority);
        let f = Bound::Finite(forward.f.max(backward.f));
        c.max(f).max(Bound::apart(forward.g, backward.g, epsilon))
    }
}

/// The lower bound a rule proves on every path cheaper than `U`, and the sides to expand
/// next (forward, backward).
pub(super) type Next<C> = (Bound<C>, [bool; 2]);
