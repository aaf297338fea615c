//! Unit tests of `space`.

use super::*;

#[test]
fn tuple_costs_add_componentwise_and_compare_lexicographically() {
    let a: (u32, u32) = (1, 7);
    assert_eq!(a.plus((0, 1)), (1, 8));
    assert!((0u32, 100u32) < (1, 0));
    assert_eq!(<(u8, u8, u8)>::ZERO, (0, 0, 0));
    assert_eq!((1u8, 2u8, 3u8).checked_plus((0, 0, 253)), None);
}

#[test]
fn integer_overflow_is_detected() {
    assert_eq!(250u8.checked_plus(6), None);
    assert_eq!(250u8.checked_plus(5), Some(255));
    assert!((-3i32).is_negative());
    assert!(!0i32.is_negative());
}

#[test]
#[should_panic(expected = "overflowed")]
fn plus_panics_on_overflow() {
    let _ = u8::MAX.plus(1);
}

#[test]
fn unsigned_costs_round_trip_through_u64() {
    assert_eq!(u16::from_u64(12345u16.to_u64()), 12345);
    assert_eq!(usize::from_u64(usize::MAX.to_u64()), usize::MAX);
}

#[test]
fn closure_spaces_emit_what_the_closure_returns() {
    let space = from_fn(|&n: &u8| [(n + 1, 2u32)]).with_predecessors(|&n: &u8| [(n - 1, 2)]);
    let mut out = Vec::new();
    space.successors(&3, |s, c| out.push((s, c)));
    space.predecessors(&3, |s, c| out.push((s, c)));
    assert_eq!(out, vec![(4, 2), (2, 2)]);
    let unit = unit_from_fn(|&n: &u8| [n + 1, n + 2]).with_predecessors(|&n: &u8| [n - 1]);
    let mut out = Vec::new();
    unit.successors(&3, |s, c| out.push((s, c)));
    unit.predecessors(&3, |s, c| out.push((s, c)));
    assert_eq!(out, vec![(4, 1), (5, 1), (2, 1)]);
}
