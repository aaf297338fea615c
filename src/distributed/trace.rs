//! The path to the goal, read back from the owners' parent pointers: one step per round,
//! each step handed to the owner of the next state.

use std::cell::RefCell;
use std::rc::Rc;

use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::generic::operator::Operator;
use timely::dataflow::operators::vec::{Filter, Map};
use timely::dataflow::operators::{
    Concat, ConnectLoop, Exchange as _, Feedback, Inspect, ToStream,
};
use timely::worker::Worker;

use super::bfs::{NO_PARENT, Parents};

/// Follows parents from `goal` (on the worker that owns it) back to the start. Every
/// worker calls it; worker 0 returns the path from the start, the others an empty one.
pub(crate) fn trace(worker: &mut Worker, parents: Parents, goal: u64) -> Vec<u64> {
    let me = worker.index();
    let peers = worker.peers() as u64;
    let path = Rc::new(RefCell::new(Vec::<(u32, u64)>::new()));
    let sink = Rc::clone(&path);
    worker.dataflow::<u32, _, _>(move |scope| {
        let (step_loop, steps) = scope.feedback::<Vec<u64>>(1);
        let seed = if goal % peers == me as u64 {
            vec![goal]
        } else {
            Vec::new()
        };
        let visited = seed
            .to_stream(scope)
            .container::<Vec<u64>>()
            .concat(steps)
            .unary(
                Exchange::new(move |state: &u64| state % peers),
                "TraceParents",
                move |_capability, _info| {
                    move |input, output| {
                        input.for_each(|cap, data| {
                            let mut session = output.session(&cap);
                            for state in data.drain(..) {
                                let parent = parents.get(&state).copied().unwrap_or(NO_PARENT);
                                session.give((state, parent));
                            }
                        });
                    }
                },
            );
        visited
            .clone()
            .filter(|&(_, parent)| parent != NO_PARENT)
            .map(|(_, parent)| parent)
            .connect_loop(step_loop);
        visited.exchange(|_| 0).inspect_core(move |event| {
            if let Ok((stamp, batch)) = event
                && let Some(&time) = stamp.least()
            {
                let mut sink = sink.borrow_mut();
                sink.extend(batch.iter().map(|&(state, _)| (time, state)));
            }
        });
    });
    while worker.step_or_park(Some(std::time::Duration::from_millis(100))) {}
    let mut path = Rc::try_unwrap(path).map_or_else(|_| Vec::new(), RefCell::into_inner);
    path.sort_unstable_by_key(|&(time, _)| core::cmp::Reverse(time));
    path.into_iter().map(|(_, state)| state).collect()
}
