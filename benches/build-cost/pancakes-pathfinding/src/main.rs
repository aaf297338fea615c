//! The same 8-pancake problem through pathfinding's bfs, dijkstra, astar and idastar.

fn successors(s: &[u8; 8]) -> Vec<([u8; 8], u32)> {
    (2..=8)
        .map(|k| {
            let mut t = *s;
            t[..k].reverse();
            (t, 1)
        })
        .collect()
}

fn gap(s: &[u8; 8]) -> u32 {
    let mut gaps = 0;
    for i in 0..8 {
        let next = if i + 1 < 8 { s[i + 1] } else { 8 };
        if s[i].abs_diff(next) != 1 {
            gaps += 1;
        }
    }
    gaps
}

fn main() {
    let start: [u8; 8] = [7, 2, 5, 0, 3, 6, 1, 4];
    let goal: [u8; 8] = [0, 1, 2, 3, 4, 5, 6, 7];
    let bfs = pathfinding::prelude::bfs(
        &start,
        |s| successors(s).into_iter().map(|(t, _)| t),
        |s| *s == goal,
    );
    println!("bfs: {:?}", bfs.map(|p| p.len() - 1));
    let dijkstra = pathfinding::prelude::dijkstra(&start, successors, |s| *s == goal);
    println!("dijkstra: {:?}", dijkstra.map(|p| p.1));
    let astar = pathfinding::prelude::astar(&start, successors, gap, |s| *s == goal);
    println!("astar: {:?}", astar.map(|p| p.1));
    let ida = pathfinding::prelude::idastar(&start, successors, gap, |s| *s == goal);
    println!("idastar: {:?}", ida.map(|p| p.1));
}
