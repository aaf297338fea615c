//! Unit tests of `queue`.

use super::*;
use core::cmp::Reverse;

/// Pushes a monotone sequence, interleaved with pops, into `queue` and checks that the
/// keys come out sorted and that nothing is lost.
fn drains_in_order(mut queue: impl PriorityQueue<u32>) {
    let mut popped = Vec::new();
    let mut x: u32 = 12345;
    let mut last = 0;
    for round in 0..2000u32 {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        queue.push(last + (x >> 16) % 40, round).unwrap();
        if round % 3 == 0 {
            let (key, _) = queue.pop().unwrap().unwrap();
            assert!(key >= last);
            last = key;
            popped.push(key);
        }
    }
    while let Some((key, _)) = queue.pop().unwrap() {
        assert!(key >= last);
        last = key;
        popped.push(key);
    }
    assert_eq!(popped.len(), 2000);
    assert!(queue.is_empty());
}

#[test]
fn binary_queue_pops_in_key_order() {
    drains_in_order(BinaryQueue::new());
}

/// Random pushes (of any keys) and pops against a sorted model: each pop takes a least
/// key and the slot pushed with it, `peek` shows what `pop` takes, `len` counts the
/// entry kept out of the heap. Runs of descending keys exercise that entry's swaps.
#[test]
fn binary_queue_takes_a_least_key_at_every_pop() {
    let mut rng = crate::rng::SplitMix64::new(0x5eed_0b1a);
    let mut queue = BinaryQueue::new();
    let mut model: Vec<(u32, Slot)> = Vec::new();
    let mut next = 50u32;
    for slot in 0..20_000 {
        if rng.below(3) == 0 {
            let peeked = queue.peek();
            let popped = queue.pop().unwrap();
            assert_eq!(peeked, popped);
            let least = model.iter().map(|e| e.0).min();
            assert_eq!(popped.map(|e| e.0), least, "pop {slot}");
            if let Some(entry) = popped {
                let at = model
                    .iter()
                    .position(|e| *e == entry)
                    .expect("a pushed entry");
                model.swap_remove(at);
            }
        } else {
            // Mostly just below the last key (a child better than what is queued).
            next = match rng.below(4) {
                0 => u32::try_from(rng.below(100)).unwrap(),
                _ => next.saturating_sub(u32::try_from(rng.below(3)).unwrap()),
            };
            queue.push(next, slot).unwrap();
            model.push((next, slot));
        }
        assert_eq!(queue.len(), model.len());
    }
}

/// `rekey` and `clear` see the entry kept beside the heap: `rekey` keeps or drops it and
/// orders it by its new key with the others; `clear` empties it too.
#[test]
fn binary_queue_rekeys_and_clears_the_entry_beside_its_heap() {
    let mut queue = BinaryQueue::new();
    queue.push(5u32, 0).unwrap();
    queue.push(3, 1).unwrap(); // beats everything: beside the heap
    queue.push(4, 2).unwrap();
    assert_eq!(queue.peek(), Some((3, 1)));
    // Slot 1 becomes the worst, slot 2 is dropped.
    queue.rekey(&mut |key, slot| {
        if slot == 1 {
            *key = 9;
        }
        slot != 2
    });
    assert_eq!(queue.len(), 2);
    assert_eq!(queue.pop().unwrap(), Some((5, 0)));
    assert_eq!(queue.pop().unwrap(), Some((9, 1)));
    assert_eq!(queue.pop().unwrap(), None);
    queue.push(2, 3).unwrap();
    queue.push(1, 4).unwrap();
    queue.clear();
    assert_eq!((queue.len(), queue.peek()), (0, None));
    assert_eq!(queue.pop().unwrap(), None);
}

/// Pushes keys in any order (not monotone) and checks that they come out sorted.
fn sorts_any_sequence(mut queue: impl PriorityQueue<u64>) {
    let mut x: u64 = 99;
    let mut keys = Vec::new();
    for slot in 0..500 {
        x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let key = (x >> 40) % 97;
        keys.push(key);
        queue.push(key, slot).unwrap();
    }
    keys.sort_unstable();
    let popped: Vec<u64> = core::iter::from_fn(|| queue.pop().unwrap().map(|(k, _)| k)).collect();
    assert_eq!(popped, keys);
}

#[test]
fn binary_and_bucket_queues_sort_any_sequence() {
    sorts_any_sequence(BinaryQueue::new());
    sorts_any_sequence(BucketQueue::new());
}

#[test]
fn a_bucket_queue_that_empties_and_refills_below_its_first_key_keeps_its_ring() {
    // The pattern of A* with a consistent heuristic: the queue runs empty, the next
    // push restarts the window at its key, and a later push is lower (but not below
    // the last key popped). The ring must not double at each such restart.
    let mut queue = BucketQueue::new();
    for round in 0..1000u32 {
        queue.clear();
        let base = 100 + round % 7;
        queue.push(base, 0).unwrap();
        assert_eq!(queue.pop().unwrap(), Some((base, 0)));
        queue.push(base + 2, 1).unwrap();
        queue.push(base, 2).unwrap();
        queue.push(base + 1, 3).unwrap();
        let popped: Vec<u32> =
            core::iter::from_fn(|| queue.pop().unwrap().map(|(k, _)| k)).collect();
        assert_eq!(popped, [base, base + 1, base + 2]);
    }
    assert!(
        queue.buckets.len() <= 16,
        "ring grew to {}",
        queue.buckets.len()
    );
}

#[test]
fn a_bucket_queue_moved_back_keeps_far_keys_in_order() {
    // A window reset high, then keys below it and far above it.
    let mut queue = BucketQueue::new();
    queue.push(50u64, 0).unwrap();
    queue.push(45, 1).unwrap();
    queue.push(50 + 40, 2).unwrap();
    queue.push(40, 3).unwrap();
    queue.push(1 << 20, 4).unwrap();
    queue.push(41, 5).unwrap();
    let popped: Vec<u64> = core::iter::from_fn(|| queue.pop().unwrap().map(|(k, _)| k)).collect();
    assert_eq!(popped, [40, 41, 45, 50, 90, 1 << 20]);
}

#[test]
fn bucket_queue_breaks_astar_ties_toward_larger_g() {
    let mut queue = BucketQueue::new();
    queue.push((10u32, Reverse(3u32)), 0).unwrap();
    queue.push((10, Reverse(7)), 1).unwrap();
    queue.push((9, Reverse(1)), 2).unwrap();
    queue.push((10, Reverse(5)), 3).unwrap();
    let order: Vec<Slot> = core::iter::from_fn(|| queue.pop().unwrap().map(|(_, s)| s)).collect();
    assert_eq!(order, vec![2, 1, 3, 0]);
}

#[test]
fn bucket_queue_moves_back_for_a_lower_key() {
    let mut queue = BucketQueue::new();
    queue.push(100u32, 0).unwrap();
    queue.push(105, 1).unwrap();
    assert_eq!(queue.pop().unwrap(), Some((100, 0)));
    queue.push(40, 2).unwrap();
    queue.push(103, 3).unwrap();
    let order: Vec<(u32, Slot)> = core::iter::from_fn(|| queue.pop().unwrap()).collect();
    assert_eq!(order, vec![(40, 2), (103, 3), (105, 1)]);
}

#[test]
fn bucket_queue_pops_in_key_order() {
    drains_in_order(BucketQueue::new());
}

#[test]
fn radix_queue_pops_in_key_order() {
    drains_in_order(RadixQueue::new());
}

#[test]
fn bucket_queue_grows_for_a_far_key() {
    let mut queue = BucketQueue::<u64>::new();
    queue.push(5, 1).unwrap();
    queue.push(5 + 1000, 2).unwrap();
    queue.push(6, 3).unwrap();
    assert_eq!(queue.pop().unwrap(), Some((5, 1)));
    assert_eq!(queue.pop().unwrap(), Some((6, 3)));
    assert_eq!(queue.pop().unwrap(), Some((1005, 2)));
    assert_eq!(queue.pop().unwrap(), None);
}

#[test]
#[should_panic(expected = "monotone")]
fn radix_queue_refuses_a_key_below_the_last_popped() {
    let mut queue = RadixQueue::<u32>::new();
    queue.push(10, 0).unwrap();
    let _ = queue.pop().unwrap();
    queue.push(9, 1).unwrap();
}
