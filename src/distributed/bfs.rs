//! The breadth-first search dataflow of one worker: a loop whose timestamp is the depth,
//! candidates exchanged with their owners, and per-layer tallies that every worker sees.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::time::Instant;

use serde::{Deserialize, Serialize};
use timely::ExchangeData;
use timely::container::CapacityContainerBuilder;
use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::generic::operator::Operator;
use timely::dataflow::operators::{Concat, ConnectLoop, Feedback, OkErr, ToStream};
use timely::worker::Worker;

use super::partition::Partition;
use super::{Goal, LayerReport, Settings};
use crate::algo::layers::IndexSpace;
use crate::error::{CapacityError, CapacityErrorKind};

/// Words of its partition a worker expands before it lets the others' messages in.
const CHUNK_WORDS: usize = 1024;

/// A successor on its way to its owner: its index, with the index of the state it was
/// generated from when a path is wanted.
pub(crate) trait Candidate: ExchangeData + Copy {
    /// The payload bytes of one candidate.
    const BYTES: u64;
    /// The candidate `index` generated from `parent` (`NO_PARENT` for the start).
    fn new(index: u64, parent: u64) -> Self;
    /// Its index.
    fn index(self) -> u64;
    /// Its parent, when carried.
    fn parent(self) -> Option<u64>;
    /// Its term in the check sum of a layer under `key`: sent and received candidates must
    /// add up to the same sums (wrapping), in any order.
    fn checked(self, key: u64) -> u64 {
        let parent = self.parent().map_or(0, |p| mix(p ^ key.rotate_left(29)));
        mix(self.index() ^ key).wrapping_add(parent)
    }
}

/// A 64-bit mixer (the finalizer of SplitMix64): a bit flipped in its input changes about
/// half the bits of its output.
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The parent of each state an owner kept, by index.
pub(crate) type Parents = hashbrown::HashMap<u64, u64, rustc_hash::FxBuildHasher>;

/// The parent of the start.
pub(crate) const NO_PARENT: u64 = u64::MAX;

impl Candidate for u64 {
    const BYTES: u64 = 8;
    fn new(index: u64, _: u64) -> Self {
        index
    }
    fn index(self) -> u64 {
        self
    }
    fn parent(self) -> Option<u64> {
        None
    }
}

impl Candidate for (u64, u64) {
    const BYTES: u64 = 16;
    fn new(index: u64, parent: u64) -> Self {
        (index, parent)
    }
    fn index(self) -> u64 {
        self.0
    }
    fn parent(self) -> Option<u64> {
        Some(self.1)
    }
}

/// One worker's account of one layer, sent to every worker.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize)]
pub(crate) struct Tally {
    /// The worker it is addressed to.
    to: u32,
    depth: u32,
    /// States of the layer new at this owner.
    new: u64,
    /// Candidates of the layer this worker generated (while expanding the layer before).
    generated: u64,
    /// Of those, the ones sent to a worker of another process.
    remote: u64,
    /// The least goal index among the new states.
    goal: Option<u64>,
    /// Why this worker could not allocate its partition or its parents, if it could not.
    failed: Option<Failure>,
    /// Candidates of the layer this worker sent through the exchange, and their check sum.
    sent: (u64, u64),
    /// Candidates of the layer this worker received through the exchange, and their check
    /// sum: over all workers, the same as `sent` unless the traffic was changed.
    received: (u64, u64),
}

/// `total` with one more candidate of check-sum term `term`.
fn add((count, sum): (u64, u64), term: u64) -> (u64, u64) {
    (count + 1, sum.wrapping_add(term))
}

/// A [`CapacityError`] as it travels in a tally: entries, bytes, and the reason (0 too
/// many states, 1 out of memory, 2 the memory limit, 3 no indexer, 4 threads, 5 a state
/// outside the indexer).
type Failure = (u64, Option<u64>, u8);

/// `error` for a tally.
fn failure(error: CapacityError) -> Failure {
    let reason = match error.reason {
        CapacityErrorKind::TooManyStates => 0,
        CapacityErrorKind::MemoryLimit => 2,
        CapacityErrorKind::NoIndexer => 3,
        CapacityErrorKind::Threads => 4,
        CapacityErrorKind::OutsideIndexer => 5,
        _ => 1,
    };
    (error.entries as u64, error.bytes.map(|b| b as u64), reason)
}

/// The error a tally reports.
fn capacity_error((entries, bytes, reason): Failure) -> CapacityError {
    CapacityError {
        entries: usize::try_from(entries).unwrap_or(usize::MAX),
        bytes: bytes.map(|b| usize::try_from(b).unwrap_or(usize::MAX)),
        reason: match reason {
            0 => CapacityErrorKind::TooManyStates,
            2 => CapacityErrorKind::MemoryLimit,
            3 => CapacityErrorKind::NoIndexer,
            4 => CapacityErrorKind::Threads,
            5 => CapacityErrorKind::OutsideIndexer,
            _ => CapacityErrorKind::OutOfMemory,
        },
    }
}

/// What a worker knows when its search ends.
pub(crate) struct Finish {
    /// Every complete layer, as every worker tallied it.
    pub(crate) reports: Vec<LayerReport>,
    /// The depth and least index of the goal layer, if one was met.
    pub(crate) goal: Option<(u32, u64)>,
    /// Some worker ran out of memory: the error of the one that failed (the same on every
    /// worker).
    pub(crate) failed: Option<CapacityError>,
    /// The parents of the states this worker owns, when a path is wanted.
    pub(crate) parents: Parents,
    /// The first layer whose candidates did not arrive as they were sent (the same on
    /// every worker).
    pub(crate) corrupt: Option<u32>,
}

/// Where an operator is in its current round.
#[derive(Clone, Copy)]
enum Phase {
    /// Waiting for every candidate of the layer to arrive.
    Collect,
    /// Tallies sent; waiting for every worker's.
    Tally,
    /// Expanding the layer, from this word on.
    Expand(usize),
}

/// Builds and runs the search on this worker; returns when every worker is done.
#[expect(
    clippy::too_many_lines,
    reason = "one timely operator: its three phases share the round's capability and buffers"
)]
pub(crate) fn search<S, C>(
    worker: &mut Worker,
    space: &std::sync::Arc<S>,
    start: u64,
    settings: &Settings,
    (threads, key): (usize, u64),
    began: Instant,
) -> Finish
where
    S: IndexSpace + Send + Sync + 'static,
    C: Candidate,
{
    let me = worker.index();
    let peers = worker.peers();
    let bound = space.bound();
    let mut own_failure = None;
    let mut partition = match Partition::new(bound, me, peers) {
        Ok(partition) => Some(partition),
        Err(error) => {
            own_failure = Some(failure(error));
            None
        }
    };
    if let (Some(part), Some(log)) = (&partition, &settings.log)
        && me == 0
    {
        log(&format!(
            "{peers} worker(s), {} KiB of marks each",
            part.bytes() >> 10
        ));
    }
    let finish = Rc::new(RefCell::new(Finish {
        reports: Vec::new(),
        goal: None,
        failed: None,
        parents: Parents::default(),
        corrupt: None,
    }));
    let shared = Rc::clone(&finish);
    let space = std::sync::Arc::clone(space);
    let goal_test = settings.goal.clone();
    let on_layer = settings.on_layer.clone();
    let stop_at_goal = settings.goal.is_some();
    let owner = move |index: u64| index % peers as u64;
    let process_of = move |worker: u64| worker / threads as u64;
    let my_process = process_of(me as u64);
    worker.dataflow::<u32, _, _>(move |scope| {
        let (candidate_loop, candidates) = scope.feedback::<Vec<C>>(1);
        let (tally_loop, tallies) = scope.feedback::<Vec<Tally>>(1);
        let seed: Vec<C> = if me == 0 {
            vec![C::new(start, NO_PARENT)]
        } else {
            Vec::new()
        };
        // The seed goes through the exchange as every candidate does.
        let seeded: BTreeMap<u32, Produced> = seed
            .iter()
            .map(|&c| {
                (
                    0,
                    Produced {
                        sent: add((0, 0), c.checked(key)),
                        ..Produced::default()
                    },
                )
            })
            .collect();
        let candidates = seed
            .to_stream(scope)
            .container::<Vec<C>>()
            .concat(candidates);
        let out = candidates
            .binary_frontier::<_, CapacityContainerBuilder<Vec<Result<C, Box<Tally>>>>, _, _, _, _>(
                tallies,
                Exchange::new(move |c: &C| owner(c.index())),
                Exchange::new(|t: &Tally| u64::from(t.to)),
                "LayeredBfs",
                move |capability, info| {
                    let activator = scope.activator_for(info.address);
                    let mut round = Some(capability);
                    let mut phase = Phase::Collect;
                    let mut arrived: BTreeMap<u32, Tally> = BTreeMap::new();
                    let mut produced = seeded;
                    let mut received: BTreeMap<u32, Vec<Tally>> = BTreeMap::new();
                    let mut cursor = space.cursor();
                    let mut layer: Vec<u64> = Vec::with_capacity(CHUNK_WORDS * 32);
                    move |(cands, frontier), (tallies, _), output| {
                        let mut finish = shared.borrow_mut();
                        cands.for_each(|cap, data| {
                            let Some(&depth) = cap.least() else {
                                data.clear();
                                return;
                            };
                            let tally = arrived.entry(depth).or_default();
                            let Some(part) = partition.as_mut() else {
                                data.clear();
                                return;
                            };
                            for c in data.drain(..) {
                                // A candidate this worker does not own, or beyond the
                                // bound, was changed on the way: leave it out of the sums,
                                // which then differ, and of the marks.
                                if c.index() >= bound as u64 || owner(c.index()) != me as u64 {
                                    continue;
                                }
                                tally.received = add(tally.received, c.checked(key));
                                keep(
                                    part,
                                    c,
                                    depth,
                                    tally,
                                    &mut finish.parents,
                                    goal_test.as_ref(),
                                );
                            }
                        });
                        tallies.for_each(|_cap, data| {
                            for tally in data.drain(..) {
                                received.entry(tally.depth).or_default().push(tally);
                            }
                        });
                        while let Some(cap) = round.as_mut() {
                            let depth = *cap.time();
                            match phase {
                                Phase::Collect => {
                                    if frontier.frontier().less_equal(&depth) {
                                        break;
                                    }
                                    let mut mine = arrived.remove(&depth).unwrap_or_default();
                                    let made = produced.remove(&depth).unwrap_or_default();
                                    mine.depth = depth;
                                    mine.generated = made.generated;
                                    mine.remote = made.remote;
                                    mine.sent = made.sent;
                                    mine.failed = mine.failed.or(own_failure);
                                    let mut session = output.session(&*cap);
                                    for to in 0..peers {
                                        #[expect(
                                            clippy::cast_possible_truncation,
                                            reason = "timely numbers workers with u32 at most"
                                        )]
                                        session.give(Err(Box::new(Tally {
                                            to: to as u32,
                                            ..mine
                                        })));
                                    }
                                    phase = Phase::Tally;
                                }
                                Phase::Tally => {
                                    let Some(all) =
                                        received.get(&depth).filter(|all| all.len() == peers)
                                    else {
                                        break;
                                    };
                                    let layer = sum(all);
                                    received.remove(&depth);
                                    // A worker without its partition dropped what it got.
                                    if layer.failed.is_none() && layer.sent != layer.received {
                                        finish.corrupt = Some(depth);
                                        round = None;
                                        break;
                                    }
                                    let report = LayerReport {
                                        depth: depth as usize,
                                        count: layer.new,
                                        generated: layer.generated,
                                        remote: layer.remote,
                                        remote_bytes: layer.remote * C::BYTES,
                                        elapsed: began.elapsed(),
                                    };
                                    if let Some(failed) = layer.failed {
                                        finish.failed = Some(capacity_error(failed));
                                    } else if layer.new > 0 {
                                        if me == 0
                                            && let Some(on_layer) = &on_layer
                                        {
                                            on_layer(&report);
                                        }
                                        finish.reports.push(report);
                                    }
                                    if let Some(goal) = layer.goal {
                                        finish.goal = Some((depth, goal));
                                    }
                                    if layer.failed.is_some()
                                        || layer.new == 0
                                        || (stop_at_goal && layer.goal.is_some())
                                    {
                                        round = None;
                                        break;
                                    }
                                    phase = Phase::Expand(0);
                                }
                                Phase::Expand(from) => {
                                    let Some(part) = partition.as_mut() else {
                                        round = None;
                                        break;
                                    };
                                    let end = part.words().min(from + CHUNK_WORDS);
                                    let (mut generated, mut remote) = (0, 0);
                                    let mut sent = (0, 0);
                                    let mut session = output.session(&*cap);
                                    layer.clear();
                                    part.expand(depth, from..end, |index| layer.push(index));
                                    // Successors this worker owns are kept at once: the
                                    // whole layer `depth` is in, everywhere, so an unseen one
                                    // lies at `depth + 1` (and gets the other value).
                                    let tally = arrived.entry(depth + 1).or_default();
                                    for &index in &layer {
                                        #[expect(
                                            clippy::cast_possible_truncation,
                                            reason = "indices are below the bound, a usize"
                                        )]
                                        space.successors(&mut cursor, index as usize, |next| {
                                            let next = next as u64;
                                            generated += 1;
                                            let candidate = C::new(next, index);
                                            let to = owner(next);
                                            if to == me as u64 {
                                                let parents = &mut finish.parents;
                                                let goal = goal_test.as_ref();
                                                keep(
                                                    part,
                                                    candidate,
                                                    depth + 1,
                                                    tally,
                                                    parents,
                                                    goal,
                                                );
                                            } else {
                                                remote += u64::from(process_of(to) != my_process);
                                                sent = add(sent, candidate.checked(key));
                                                session.give(Ok(candidate));
                                            }
                                        });
                                    }
                                    drop(session);
                                    let made = produced.entry(depth + 1).or_default();
                                    made.generated += generated;
                                    made.remote += remote;
                                    made.sent =
                                        (made.sent.0 + sent.0, made.sent.1.wrapping_add(sent.1));
                                    if end == part.words() {
                                        cap.downgrade(&(depth + 1));
                                        phase = Phase::Collect;
                                    } else {
                                        phase = Phase::Expand(end);
                                        activator.activate();
                                        break;
                                    }
                                }
                            }
                        }
                    }
                },
            );
        // Tallies are boxed so that the candidates, almost every record, stay small.
        let (next, tallies) = out.ok_err(|x: Result<C, Box<Tally>>| x.map_err(|tally| *tally));
        next.connect_loop(candidate_loop);
        tallies.connect_loop(tally_loop);
    });
    while worker.step_or_park(Some(std::time::Duration::from_millis(100))) {}
    Rc::try_unwrap(finish).map_or_else(
        |_| unreachable!("the dataflow is gone"),
        RefCell::into_inner,
    )
}

/// Keeps candidate `c` at `depth` if its owner (this partition) has not seen it: counts
/// it, records its parent and whether it is a goal.
fn keep<C: Candidate>(
    part: &mut Partition,
    c: C,
    depth: u32,
    tally: &mut Tally,
    parents: &mut Parents,
    goal: Option<&Goal>,
) {
    let index = c.index();
    if !part.mark(index, depth) {
        return;
    }
    tally.new += 1;
    if let Some(parent) = c.parent() {
        let more = parents.len().max(1024);
        if parents.len() == parents.capacity() && parents.try_reserve(more).is_err() {
            let entry = size_of::<(u64, u64)>() + 1;
            let error = CapacityError::out_of_memory(parents.len() + more, entry);
            tally.failed = tally.failed.or(Some(failure(error)));
            return;
        }
        parents.insert(index, parent);
    }
    if let Some(goal) = goal
        && goal(usize::try_from(index).unwrap_or(usize::MAX))
    {
        tally.goal = Some(tally.goal.map_or(index, |g| g.min(index)));
    }
}

/// The layer as all workers tallied it.
fn sum(all: &[Tally]) -> Tally {
    all.iter().fold(Tally::default(), |acc, t| Tally {
        new: acc.new + t.new,
        generated: acc.generated + t.generated,
        remote: acc.remote + t.remote,
        goal: match (acc.goal, t.goal) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        },
        // The largest failure, so that every worker picks the same one.
        failed: acc.failed.max(t.failed),
        sent: (acc.sent.0 + t.sent.0, acc.sent.1.wrapping_add(t.sent.1)),
        received: (
            acc.received.0 + t.received.0,
            acc.received.1.wrapping_add(t.received.1),
        ),
        ..acc
    })
}

/// What a worker produced for one layer while expanding the one before.
#[derive(Clone, Copy, Default)]
struct Produced {
    generated: u64,
    remote: u64,
    /// Sent through the exchange: the count and check sum.
    sent: (u64, u64),
}
