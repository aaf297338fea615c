//! The bucket and radix queues against the binary heap, under random interleavings of
//! pushes and pops: the same keys must come out in the same order, each with its slot.
//! And A*'s packed keys against the pairs `(f, Reverse(g))` whose order they encode.

use core::cmp::Reverse;
use std::collections::HashMap;

use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use state_search::queue::{BinaryQueue, BucketQueue, PriorityQueue, RadixQueue};
use state_search::store::Slot;
use state_search::{EstimateKey, PackedKey};

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
