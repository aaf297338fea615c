//! The exact octile cost against independent oracles: Pell near-ties, floats where the
//! gap is clear, additivity, overflow and its decimal text.

use super::*;

/// `p² - 2q²` for the Pell convergents `p/q` of √2 (1/1, 3/2, 7/5, 17/12, ...), which
/// approach √2 from alternate sides: `p > q·√2` exactly when it is positive.
fn pell_pairs() -> Vec<(u32, u32, i128)> {
    let (mut p, mut q) = (1u64, 1u64);
    let mut pairs = Vec::new();
    while u32::try_from(p).is_ok() {
        let sign = i128::from(p).pow(2) - 2 * i128::from(q).pow(2);
        pairs.push((u32::try_from(p).unwrap(), u32::try_from(q).unwrap(), sign));
        (p, q) = (p + 2 * q, p + q);
    }
    pairs
}

#[test]
fn cost_orders_pell_near_ties_exactly() {
    let pairs = pell_pairs();
    assert!(pairs.len() > 20);
    for &(p, q, sign) in &pairs {
        assert_eq!(sign.abs(), 1);
        let (straight, diagonal) = (OctileCost::new(p, 0), OctileCost::new(0, q));
        assert_eq!(straight > diagonal, sign > 0, "{p} against {q}·√2");
        assert_eq!(straight.cmp(&diagonal), diagonal.cmp(&straight).reverse());
        // Shifted by a common part, the order stays.
        let shift = OctileCost::new(u32::MAX - p, u32::MAX - q);
        let (a, b) = (
            OctileCost::new(u32::MAX, shift.diagonal()),
            OctileCost::new(shift.straight(), u32::MAX),
        );
        assert_eq!(a > b, sign > 0);
        // Near-ties whose floats are one unit apart in the wrong order (5% of these).
        for (s, t) in (0..40).flat_map(|s| (0..40).map(move |t| (s, t))) {
            let (a, b) = (OctileCost::new(p + s, t), OctileCost::new(s, q + t));
            assert_eq!(a > b, sign > 0, "{a:?} against {b:?}");
        }
    }
}

/// A*'s key orders as `(f, Reverse(g))` on the Pell near-ties, in `f` and in `g`.
#[test]
fn estimate_key_orders_pell_near_ties_as_the_pair() {
    let key = |f, g| OctileKey::new(f, g);
    let pair = |f, g| (f, std::cmp::Reverse(g));
    for &(p, q, _) in &pell_pairs() {
        let (a, b) = (OctileCost::new(p, 0), OctileCost::new(0, q));
        let other = OctileCost::new(3, 4);
        assert_eq!(
            key(a, other).cmp(&key(b, other)),
            pair(a, other).cmp(&pair(b, other))
        );
        assert_eq!(
            key(other, a).cmp(&key(other, b)),
            pair(other, a).cmp(&pair(other, b))
        );
        assert_eq!((key(a, b).f(), key(a, b).g()), (a, b));
        // Shifted, the near-ties round to floats one unit apart in the wrong order, for
        // 5% of these pairs: the key must not trust floats that close.
        for (s, t) in (0..40).flat_map(|s| (0..40).map(move |t| (s, t))) {
            let (a, b) = (OctileCost::new(p + s, t), OctileCost::new(s, q + t));
            assert_eq!(
                key(a, other).cmp(&key(b, other)),
                pair(a, other).cmp(&pair(b, other))
            );
        }
    }
}

fn cost() -> impl proptest::strategy::Strategy<Value = OctileCost> {
    prop_oneof![
        (0..50u32, 0..50u32),
        (any::<u32>(), any::<u32>()),
        (0..1u32 << 20, 0..1u32 << 20),
    ]
    .prop_map(|(a, b)| OctileCost::new(a, b))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn cost_order_agrees_with_floats_where_they_are_clear(x in cost(), y in cost()) {
        let (fx, fy) = (x.to_f64().unwrap(), y.to_f64().unwrap());
        // The f64 values are within 2^-50 of the exact ones, relatively.
        if (fx - fy).abs() > 1e-12 * fx.max(fy) {
            prop_assert_eq!(x < y, fx < fy);
        }
        prop_assert_eq!(x == y, (x.straight(), x.diagonal()) == (y.straight(), y.diagonal()));
        prop_assert_eq!(x.cmp(&y), y.cmp(&x).reverse());
        prop_assert_eq!(x.cmp(&y) == std::cmp::Ordering::Equal, x == y);
    }

    #[test]
    fn estimate_key_orders_as_the_pair(f1 in cost(), g1 in cost(), f2 in cost(), g2 in cost(), same_f in any::<bool>()) {
        let f2 = if same_f { f1 } else { f2 };
        let (k1, k2) = (OctileKey::new(f1, g1), OctileKey::new(f2, g2));
        let (p1, p2) = ((f1, std::cmp::Reverse(g1)), (f2, std::cmp::Reverse(g2)));
        prop_assert_eq!(k1.cmp(&k2), p1.cmp(&p2));
        prop_assert_eq!(k1 == k2, p1 == p2);
    }

    #[test]
    fn cost_order_is_transitive_and_translation_invariant(x in cost(), y in cost(), z in cost()) {
        let mut sorted = [x, y, z];
        sorted.sort();
        prop_assert!(sorted[0] <= sorted[1] && sorted[1] <= sorted[2] && sorted[0] <= sorted[2]);
        // Adding the same cost keeps the order, whenever the sums fit.
        if let (Some(xz), Some(yz)) = (x.checked_plus(z), y.checked_plus(z)) {
            prop_assert_eq!(xz.cmp(&yz), x.cmp(&y));
        }
    }

    #[test]
    fn cost_checked_plus_overflows_exactly_when_a_part_does(x in cost(), y in cost()) {
        let a = x.straight().checked_add(y.straight());
        let b = x.diagonal().checked_add(y.diagonal());
        let expected = a.zip(b).map(|(a, b)| OctileCost::new(a, b));
        prop_assert_eq!(x.checked_plus(y), expected);
        if let Some(sum) = expected {
            prop_assert!(sum >= x && sum >= y);
            prop_assert_eq!(sum > x, y != OctileCost::ZERO);
        }
        prop_assert_eq!(x.is_max(), x.straight() == u32::MAX && x.diagonal() == u32::MAX);
    }

    #[test]
    fn cost_display_has_eight_exact_decimals(a in any::<u32>(), b in any::<u32>()) {
        let cost = OctileCost::new(a, b);
        let text = cost.to_string();
        let (whole, fraction) = text.split_once('.').unwrap();
        prop_assert_eq!(fraction.len(), 8);
        // The printed P·10^-8 is the nearest: |P·10^-8 - a - b·√2| < 10^-8 / 2, that is
        // with n = P - a·10^8, (2n - 1)² < 8·b²·10^16 < (2n + 1)² (n = 0 when b = 0).
        let scaled = u128::from(whole.parse::<u64>().unwrap()) * 100_000_000
            + u128::from(fraction.parse::<u32>().unwrap());
        let n = scaled.checked_sub(u128::from(a) * 100_000_000).unwrap();
        let target = 8 * u128::from(b).pow(2) * 10u128.pow(16);
        if b == 0 {
            prop_assert_eq!(n, 0);
        } else {
            prop_assert!((2 * n - 1).pow(2) < target && target < (2 * n + 1).pow(2), "{}", text);
        }
        // Agrees with the f64 value where that has digits to spare.
        if a < 1 << 16 && b < 1 << 16 {
            let printed: f64 = text.parse().unwrap();
            prop_assert!((printed - cost.to_f64().unwrap()).abs() <= 0.5e-8 + 1e-10);
        }
    }
}
