//! The published optimal lengths of six benchmark maps, found by A*, Dijkstra and
//! bidirectional Dijkstra through `Strategy::run`.

use super::*;

/// The number of scenarios checked per map, spread evenly from the first (shortest) to
/// the last (longest).
const SAMPLE: usize = 30;

/// Runs A*, Dijkstra and bidirectional Dijkstra on a fixed sample of `scen`'s scenarios
/// on `map`, and checks each found length against the printed one; `significant`: the
/// file prints 6 significant digits, so the allowance is relative.
fn check_published(map: &str, scen: &str, significant: bool) {
    let map = OctileMap::parse(map).unwrap();
    let scenarios = Scenario::parse_list_for(scen, &map).unwrap();
    let rows: oracle::Rows = map
        .grid()
        .cells()
        .chunks(map.width() as usize)
        .map(|row| {
            row.iter()
                .map(|t| u8::try_from(t.to_char()).unwrap())
                .collect()
        })
        .collect();
    let space = OctileSpace::new(&map, Connectivity::Eight);
    // The older files are not in bucket order.
    let mut by_bucket: Vec<&Scenario> = scenarios.iter().collect();
    by_bucket.sort_by_key(|s| s.bucket);
    let last = by_bucket.len() - 1;
    let mut buckets = Vec::new();
    for i in 0..SAMPLE {
        let scenario = by_bucket[i * last / (SAMPLE - 1)];
        buckets.push(scenario.bucket);
        let (start, goal) = (scenario.start, scenario.goal);
        let ends = |p: Pos| (p.row as usize, p.col as usize);
        let printed = &scenario.optimal;
        for strategy in [
            Strategy::AStar,
            Strategy::Dijkstra(Queue::Heap),
            Strategy::BidirectionalDijkstra,
        ] {
            let (cost, _) = solve(&rows, &space, strategy, ends(start), ends(goal))
                .unwrap_or_else(|| panic!("{strategy}: no path {start} -> {goal}"));
            let length = f64::from(cost.straight()) + f64::from(cost.diagonal()) * PUBLISHED_SQRT_2;
            assert!(
                printed.matches_cost(cost),
                "{strategy}: {start} -> {goal} is {cost}, printed {printed}"
            );
            if significant {
                // Half a unit of the 6th significant digit.
                let unit = 10f64.powf(printed.value().log10().floor() - 5.0);
                assert!((length - printed.value()).abs() <= 0.5 * unit * (1.0 + 1e-9));
            }
        }
    }
    buckets.dedup();
    assert!(
        buckets.len() >= SAMPLE / 2,
        "the sample spans buckets {buckets:?}"
    );
}

#[test]
fn published_lengths_boston() {
    check_published(
        include_str!("../../data/movingai/Boston_0_512.map"),
        include_str!("../../data/movingai/Boston_0_512.map.scen"),
        false,
    );
}

#[test]
fn published_lengths_brc202d() {
    check_published(
        include_str!("../../data/movingai/brc202d.map"),
        include_str!("../../data/movingai/brc202d.map.scen"),
        true,
    );
}

#[test]
fn published_lengths_den602d() {
    check_published(
        include_str!("../../data/movingai/den602d.map"),
        include_str!("../../data/movingai/den602d.map.scen"),
        false,
    );
}

#[test]
fn published_lengths_maze512() {
    check_published(
        include_str!("../../data/movingai/maze512-1-9.map"),
        include_str!("../../data/movingai/maze512-1-9.map.scen"),
        false,
    );
}

#[test]
fn published_lengths_nighthaven() {
    check_published(
        include_str!("../../data/movingai/nighthaven.map"),
        include_str!("../../data/movingai/nighthaven.map.scen"),
        false,
    );
}

#[test]
fn published_lengths_random512() {
    check_published(
        include_str!("../../data/movingai/random512-40-5.map"),
        include_str!("../../data/movingai/random512-40-5.map.scen"),
        false,
    );
}

/// The nighthaven scenarios that start and end on trees: their paths run through the
/// trees only, a class of its own.
#[test]
fn published_lengths_through_trees() {
    let map = OctileMap::parse(include_str!("../../data/movingai/nighthaven.map")).unwrap();
    let scen = include_str!("../../data/movingai/nighthaven.map.scen");
    let space = OctileSpace::new(&map, Connectivity::Eight);
    let on_trees: Vec<Scenario> = Scenario::parse_list_for(scen, &map)
        .unwrap()
        .into_iter()
        .filter(|s| map[s.start] == Terrain::Trees)
        .collect();
    assert!(on_trees.len() >= 5, "{} scenarios on trees", on_trees.len());
    for scenario in on_trees {
        assert_eq!(map[scenario.goal], Terrain::Trees);
        let goal = scenario.goal;
        let problem = Problem::new(&space, [scenario.start], at(goal))
            .heuristic(space.heuristic(goal))
            .indexed();
        let found = Strategy::AStar
            .run(&problem, &Limits::new())
            .unwrap()
            .into_found()
            .unwrap();
        assert!(found.path.iter().all(|&p| map[p] == Terrain::Trees));
        assert!(scenario.optimal.matches_cost(found.cost));
    }
}

/// The published 8-decimal lengths are those of √2 cut short: for the longest Boston
/// scenario, the exact length misses the printed one, and the cut one hits it.
#[test]
fn published_lengths_use_a_cut_root_of_two() {
    let map = OctileMap::parse(include_str!("../../data/movingai/Boston_0_512.map")).unwrap();
    let scen = include_str!("../../data/movingai/Boston_0_512.map.scen");
    let scenario = Scenario::parse_list_for(scen, &map).unwrap().pop().unwrap();
    assert_eq!(scenario.optimal.text(), "755.91082153");
    let space = OctileSpace::new(&map, Connectivity::Eight);
    let goal = scenario.goal;
    let problem = Problem::new(&space, [scenario.start], at(goal))
        .heuristic(space.heuristic(goal))
        .indexed();
    let cost = Strategy::AStar
        .run(&problem, &Limits::new())
        .unwrap()
        .into_found()
        .unwrap()
        .cost;
    assert!(cost.diagonal() > 14);
    assert!(scenario.optimal.matches_cost(cost));
    assert!(!scenario.optimal.matches(cost.to_f64().unwrap()), "{cost}");
}
