//! The rules of the bidirectional best-first loop: what tells bidirectional Dijkstra, MM
//! and NBS apart (see the parent module), and the bounds they compare.

use crate::space::{Cost, StateSpace};

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
        }
    }

    /// Whether the rule uses the heuristics (then each side keeps its least `f` and `g`
    /// besides its least priority).
    #[inline]
    pub(super) fn heuristic(&self) -> bool {
        !matches!(self, Rule::BiDijkstra)
    }

    /// The priority of an open state of cost `g` and `f = g + h`: least first.
    #[inline]
    pub(super) fn priority(&self, g: C, f: C) -> Bound<C> {
        match self {
            Rule::BiDijkstra => Bound::Finite(g),
            Rule::Mm { .. } | Rule::Nbs { .. } => Bound::Finite(f).max(Bound::sum(g, g)),
        }
    }

    /// Whether the forward side expands next.
    pub(super) fn forward_first(&self, forward: &Frontier<C>, backward: &Frontier<C>) -> bool {
        match self {
            Rule::BiDijkstra => forward.open <= backward.open,
            Rule::Mm { .. } | Rule::Nbs { .. } => {
                (forward.priority, forward.open) <= (backward.priority, backward.open)
            }
        }
    }

    /// A lower bound on the cost of every path cheaper than the best meeting so far.
    pub(super) fn lower_bound(&self, forward: &Frontier<C>, backward: &Frontier<C>) -> Bound<C> {
        match *self {
            Rule::BiDijkstra => Bound::sum(forward.g, backward.g),
            Rule::Mm { epsilon } | Rule::Nbs { epsilon } => {
                let c = forward.priority.min(backward.priority);
                let f = Bound::Finite(forward.f.max(backward.f));
                c.max(f).max(Bound::apart(forward.g, backward.g, epsilon))
            }
        }
    }
}

/// The lower bound a rule proves on every path cheaper than `U`, and the sides to expand
/// next (forward, backward).
pub(super) type Next<C> = (Bound<C>, [bool; 2]);
