//! The bucket and radix queues against the binary heap, under random interleavings of
//! pushes and pops: the same keys must come out in the same order, each with its slot.
//! And A*'s packed keys against the pairs `(f, Reverse(g))` whose order they encode, and
//! the tie queue against a list that pops by its rule.

use core::cmp::Reverse;
use std::collections::HashMap;

use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use state_search::queue::{BinaryQueue, BucketQueue, PriorityQueue, RadixQueue, TieQueue};
use state_search::store::Slot;
use state_search::{EstimateKey, PackedKey, Tie};

#[derive(Clone, Debug)]
enum Op<K> {
    Push(K),
    Pop,
}

/// Runs `ops` on `queue` and on a binary heap; pops must agree on keys, and every slot
/// must come back with the key it was pushed with. `monotone` drops pushes below the last
/// key popped (for the radix heap).
fn agrees_with_binary_heap<K: Ord + Copy + core::fmt::Debug>(
    queue: impl PriorityQueue<K>,
    ops: &[Op<K>],
    monotone: bool,
) -> Result<(), TestCaseError> {
    agrees_on(queue, ops, monotone, |key| key)
}

/// [`agrees_with_binary_heap`], where pops need only agree on `part` of their keys (a
/// queue that breaks ties its own way).
fn agrees_on<K: Ord + Copy + core::fmt::Debug, P: PartialEq + core::fmt::Debug>(
    mut queue: impl PriorityQueue<K>,
    ops: &[Op<K>],
    monotone: bool,
    part: impl Fn(K) -> P,
) -> Result<(), TestCaseError> {
    let mut reference = BinaryQueue::new();
    let mut pushed: HashMap<Slot, K> = HashMap::new();
    let mut last: Option<K> = None;
    let mut next_slot: Slot = 0;
    for op in ops {
        match *op {
            Op::Push(key) => {
                if monotone && last.is_some_and(|last| key < last) {
                    continue;
                }
                queue.push(key, next_slot).unwrap();
                reference.push(key, next_slot).unwrap();
                pushed.insert(next_slot, key);
                next_slot += 1;
            }
            Op::Pop => {
                let got = queue.pop().unwrap();
                let want = reference.pop().unwrap();
                prop_assert_eq!(got.map(|(k, _)| part(k)), want.map(|(k, _)| part(k)));
                if let Some((key, slot)) = got {
                    prop_assert_eq!(
                        pushed.remove(&slot),
                        Some(key),
                        "slot returned twice or with another key"
                    );
                    last = Some(key);
                }
            }
        }
        prop_assert_eq!(queue.len(), reference.len());
    }
    while let Some((key, slot)) = queue.pop().unwrap() {
        let want = reference.pop().unwrap().map(|(k, _)| part(k));
        prop_assert_eq!(want, Some(part(key)));
        prop_assert_eq!(pushed.remove(&slot), Some(key));
    }
    prop_assert!(reference.is_empty() && pushed.is_empty());
    Ok(())
}

/// Keys near each other, or far apart (beyond the bucket ring), or far below, or at the
/// ends of `u64` (a span of all 2^64 buckets).
fn key() -> impl Strategy<Value = u64> {
    prop_oneof![
        8 => 1_000u64..1_040,
        1 => 0u64..1_000,
        1 => 1u64 << 20..1u64 << 21,
        1 => 1u64 << 40..(1u64 << 40) + 3,
        1 => prop_oneof![Just(0), u64::MAX - 2..=u64::MAX],
    ]
}

fn ops<K: core::fmt::Debug + Clone>(
    key: impl Strategy<Value = K>,
) -> impl Strategy<Value = Vec<Op<K>>> {
    prop::collection::vec(
        prop_oneof![3 => key.prop_map(Op::Push), 2 => Just(Op::Pop)],
        0..400,
    )
}

/// 256 cases per property; failures are saved in `proptest-regressions/` and replayed
/// first on later runs.
fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "proptest-regressions/queues.txt",
        ))),
        ..ProptestConfig::default()
    }
}

/// Runs `ops` (keys as `(f, g)`) on a [`TieQueue`] of `tie` and on a model, a list that
/// pops the entry of least `f` and, among those, the one the rule says in plain words:
/// largest `g`, least `g`, pushed last, pushed first. Where the rule leaves a choice
/// (equal `f` and `g`), the pops need only agree on `(f, g)`; every slot must come back
/// with its key.
fn tie_queue_follows_its_rule<C>(tie: Tie, ops: &[Op<(C, C)>]) -> Result<(), TestCaseError>
where
    C: state_search::Cost,
{
    let mut queue = TieQueue::<C>::new(tie);
    // (f, g, slot), in push order.
    let mut model: Vec<(C, C, Slot)> = Vec::new();
    let mut next_slot: Slot = 0;
    let pops = ops.iter().filter(|op| matches!(op, Op::Pop)).count();
    let drains = core::iter::repeat_n(&Op::Pop, ops.len() - pops + 1);
    for op in ops.iter().chain(drains) {
        match *op {
            Op::Push((f, g)) => {
                queue.push(C::EstimateKey::new(f, g), next_slot).unwrap();
                model.push((f, g, next_slot));
                next_slot += 1;
            }
            Op::Pop => {
                let got = queue
                    .pop()
                    .unwrap()
                    .map(|(key, slot)| (key.f(), key.g(), slot));
                let least_f = model.iter().map(|e| e.0).min();
                let candidates = model
                    .iter()
                    .enumerate()
                    .filter(|(_, e)| Some(e.0) == least_f);
                let want = match tie {
                    Tie::HighG => candidates.max_by_key(|(i, e)| (e.1, Reverse(*i))),
                    Tie::LowG => candidates.min_by_key(|(i, e)| (e.1, *i)),
                    Tie::Newest => candidates.max_by_key(|(i, _)| *i),
                    Tie::Oldest => candidates.min_by_key(|(i, _)| *i),
                    other => unimplemented!("no model of the rule {other}"),
                };
                let Some((got, (_, want))) = got.zip(want) else {
                    prop_assert!(got.is_none() && model.is_empty(), "{}: {:?}", tie, got);
                    continue;
                };
                prop_assert_eq!((got.0, got.1), (want.0, want.1), "{}", tie);
                if matches!(tie, Tie::Newest | Tie::Oldest) {
                    prop_assert_eq!(got.2, want.2, "{}: the slot", tie);
                }
                // The entry popped: the one with its slot (with the rule's choice of
                // equal keys, not always the model's).
                let at = model.iter().position(|e| e.2 == got.2);
                prop_assert!(at.is_some(), "{}: slot {} popped twice", tie, got.2);
                let (f, g, _) = model.remove(at.unwrap());
                prop_assert_eq!((f, g), (got.0, got.1), "{}: the slot's key", tie);
            }
        }
        prop_assert_eq!(queue.len(), model.len());
    }
    prop_assert!(queue.is_empty());
    Ok(())
}

/// `PackedKey<C>` compares as the pairs `(f, Reverse(g))` do, and gives `f` and `g` back.
fn packs_like_the_pair<C>(a: (C, C), b: (C, C)) -> Result<(), TestCaseError>
where
    C: state_search::Cost,
    PackedKey<C>: EstimateKey<C>,
{
    let (ka, kb) = (PackedKey::<C>::new(a.0, a.1), PackedKey::<C>::new(b.0, b.1));
    prop_assert_eq!((ka.f(), ka.g()), a);
    prop_assert_eq!((kb.f(), kb.g()), b);
    prop_assert_eq!(ka.cmp(&kb), (a.0, Reverse(a.1)).cmp(&(b.0, Reverse(b.1))));
    Ok(())
}

/// `b` with its `f`, its `g`, or both taken from `a`, as `same` says.
fn mixed<C>(a: (C, C), b: (C, C), same: (bool, bool)) -> (C, C) {
    (
        if same.0 { a.0 } else { b.0 },
        if same.1 { a.1 } else { b.1 },
    )
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn packed_keys_order_like_pairs(
        u8s in any::<[(u8, u8); 2]>(),
        u16s in any::<[(u16, u16); 2]>(),
        u32s in any::<[(u32, u32); 2]>(),
        i8s in any::<[(i8, i8); 2]>(),
        i16s in any::<[(i16, i16); 2]>(),
        i32s in any::<[(i32, i32); 2]>(),
        near in any::<[(bool, bool); 2]>(),
    ) {
        packs_like_the_pair(u8s[0], u8s[1])?;
        packs_like_the_pair(u16s[0], u16s[1])?;
        packs_like_the_pair(u32s[0], u32s[1])?;
        packs_like_the_pair(i8s[0], i8s[1])?;
        packs_like_the_pair(i16s[0], i16s[1])?;
        packs_like_the_pair(i32s[0], i32s[1])?;
        // Equal `f`s, or equal `g`s, which random pairs of 32 bits almost never give.
        packs_like_the_pair(u32s[0], mixed(u32s[0], u32s[1], near[0]))?;
        packs_like_the_pair(i32s[0], mixed(i32s[0], i32s[1], near[1]))?;
    }

    #[test]
    fn bucket_queue_orders_packed_astar_keys_like_a_binary_heap(
        ops in ops((0u32..60, 0u32..60).prop_map(|(f, g)| PackedKey::<u32>::new(f, g)))
    ) {
        agrees_with_binary_heap(BucketQueue::new(), &ops, false)?;
    }

    #[test]
    fn lifo_bucket_queue_pops_the_least_f_like_a_binary_heap(
        ops in ops((0u32..60, 0u32..60).prop_map(|(f, g)| PackedKey::<u32>::new(f, g)))
    ) {
        agrees_on(BucketQueue::lifo(), &ops, false, EstimateKey::f)?;
    }

    #[test]
    fn tie_queue_pops_the_least_f_and_among_equal_f_by_its_rule(
        small in ops((0u32..20, 0u32..8)),
        wide in ops((0u64..5, 0u64..1_000)),
        tie in prop::sample::select(Tie::ALL.to_vec()),
    ) {
        // Packed keys (u32 costs) and pairs `(f, Reverse(g))` (u64 costs).
        tie_queue_follows_its_rule(tie, &small)?;
        tie_queue_follows_its_rule(tie, &wide)?;
    }

    #[test]
    fn bucket_queue_pops_what_a_binary_heap_pops(ops in ops(key())) {
        agrees_with_binary_heap(BucketQueue::new(), &ops, false)?;
    }

    #[test]
    fn bucket_queue_orders_astar_keys_like_a_binary_heap(
        ops in ops((0u32..60, 0u32..60).prop_map(|(f, g)| (f, Reverse(g))))
    ) {
        agrees_with_binary_heap(BucketQueue::new(), &ops, false)?;
    }

    #[test]
    fn radix_queue_pops_what_a_binary_heap_pops_for_monotone_keys(ops in ops(key())) {
        agrees_with_binary_heap(RadixQueue::new(), &ops, true)?;
    }
}

#[test]
fn a_bucket_queue_reused_after_clear_starts_afresh() {
    let mut queue = BucketQueue::new();
    queue.push(5u32, 1).unwrap();
    queue.push(1 << 30, 2).unwrap();
    queue.clear();
    assert!(queue.is_empty());
    queue.push(2, 3).unwrap();
    assert_eq!(queue.pop(), Ok(Some((2, 3))));
    assert_eq!(queue.pop(), Ok(None));
}

#[test]
fn a_lifo_bucket_queue_pops_the_last_pushed_of_a_bucket_first() {
    let mut queue = BucketQueue::lifo();
    for (slot, g) in [1, 9, 3].into_iter().enumerate() {
        queue
            .push(PackedKey::<u32>::new(5, g), Slot::try_from(slot).unwrap())
            .unwrap();
    }
    queue.push(PackedKey::new(6, 0), 3).unwrap();
    let slots: Vec<Slot> = core::iter::from_fn(|| queue.pop().unwrap().map(|(_, s)| s)).collect();
    assert_eq!(slots, [2, 1, 0, 3]);
    // The exact queue breaks the same ties by the largest g.
    let mut exact = BucketQueue::new();
    for (slot, g) in [1, 9, 3].into_iter().enumerate() {
        exact
            .push(PackedKey::<u32>::new(5, g), Slot::try_from(slot).unwrap())
            .unwrap();
    }
    let slots: Vec<Slot> = core::iter::from_fn(|| exact.pop().unwrap().map(|(_, s)| s)).collect();
    assert_eq!(slots, [1, 2, 0]);
}
