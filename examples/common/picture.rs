//! A picture of searches on one map, as SVG: one panel per search, side by side, each the
//! map with the cells the search expanded and the path it found.

use std::fmt::Write as _;

use state_search::domains::movingai::{OctileMap, Terrain};
use state_search::grid::Pos;

/// What one search did, for its panel.
pub struct Panel {
    /// The panel's caption.
    pub title: String,
    /// The cells it expanded (a cell may be listed more than once).
    pub expanded: Vec<Pos>,
    /// The cells of the path it found, start first (empty for no path).
    pub path: Vec<Pos>,
}

/// The fill of a cell: its terrain, or the colour of an expanded cell.
fn fill(terrain: Option<Terrain>, expanded: bool) -> &'static str {
    match terrain {
        None | Some(Terrain::OutOfBounds) => "#2b2b2b",
        Some(_) if expanded => EXPANDED,
        Some(Terrain::Trees) => "#7fa87a",
        Some(Terrain::Water) => "#7aa6d6",
        Some(Terrain::Swamp) => "#c9c39a",
        Some(_) => "#f4f4f0",
    }
}

/// The fill of an expanded cell.
const EXPANDED: &str = "#f2a541";
/// Panels with at most this many expansions get a dot on each.
const DOTTED: usize = 2000;
/// The picture's width on a screen, in pixels.
const PIXELS: u32 = 1200;

/// The radius of the start's and the goal's marks on a map of this size, in cells.
fn dot(width: u32, height: u32) -> f64 {
    (f64::from(width.max(height)) / 90.0).max(1.0)
}

/// Height of a panel's caption, in cells' units.
const CAPTION: u32 = 14;
/// Room between two panels.
const GAP: u32 = 8;

/// The SVG of `panels` on `map`, side by side, 1,200 pixels wide, with the start (green)
/// and the goal (blue) marked. Cells are one unit wide; each fill is one path of the
/// runs of cells with that fill, so that a 512x512 map makes a file of a few hundred
/// kilobytes, not a rectangle per cell.
pub fn svg(map: &OctileMap, (start, goal): (Pos, Pos), panels: &[Panel]) -> String {
    let (width, height) = (map.width(), map.height());
    let count = u32::try_from(panels.len()).unwrap_or(u32::MAX);
    let total_width = count * width + count.saturating_sub(1) * GAP;
    let total_height = height + CAPTION;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{PIXELS}" height="{}" viewBox="0 0 {total_width} {total_height}" shape-rendering="crispEdges">"#,
        u64::from(PIXELS) * u64::from(total_height) / u64::from(total_width.max(1)),
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    for (index, panel) in panels.iter().enumerate() {
        let left = u32::try_from(index).unwrap_or(u32::MAX) * (width + GAP);
        let mut expanded = vec![false; width as usize * height as usize];
        for cell in &panel.expanded {
            if let Some(flag) =
                expanded.get_mut(cell.row as usize * width as usize + cell.col as usize)
            {
                *flag = true;
            }
        }
        let _ = writeln!(
            out,
            r#"<text x="{left}" y="{}" font-family="sans-serif" font-size="{}">{}</text>"#,
            CAPTION - 4,
            CAPTION - 4,
            escape(&panel.title),
        );
        let _ = writeln!(out, r#"<g transform="translate({left} {CAPTION})">"#);
        // One path per fill: its runs as unit-high rectangles.
        let mut runs: Vec<(&str, String)> = Vec::new();
        for row in 0..height {
            let mut col = 0;
            while col < width {
                let colour = |c: u32| {
                    let pos = Pos::new(row, c);
                    fill(
                        map.terrain(pos),
                        expanded[row as usize * width as usize + c as usize],
                    )
                };
                let here = colour(col);
                let mut end = col + 1;
                while end < width && colour(end) == here {
                    end += 1;
                }
                let index = runs
                    .iter()
                    .position(|(f, _)| *f == here)
                    .unwrap_or_else(|| {
                        runs.push((here, String::new()));
                        runs.len() - 1
                    });
                let _ = write!(
                    runs[index].1,
                    "M{col} {row}h{}v1h-{}z",
                    end - col,
                    end - col
                );
                col = end;
            }
        }
        for (colour, path) in &runs {
            let _ = writeln!(out, r#"<path fill="{colour}" d="{path}"/>"#);
        }
        // A few expanded cells (jump points) would vanish at this size: a dot on each.
        if panel.expanded.len() <= DOTTED {
            for cell in &panel.expanded {
                let _ = writeln!(
                    out,
                    r##"<circle cx="{}.5" cy="{}.5" r="{:.1}" fill="#d9480f"/>"##,
                    cell.col,
                    cell.row,
                    (dot(width, height) * 0.3).max(0.8)
                );
            }
        }
        if !panel.path.is_empty() {
            let points: Vec<String> = panel
                .path
                .iter()
                .map(|p| format!("{}.5,{}.5", p.col, p.row))
                .collect();
            let _ = writeln!(
                out,
                r##"<polyline points="{}" fill="none" stroke="#c0182b" stroke-width="{:.2}" stroke-linejoin="round"/>"##,
                points.join(" "),
                (f64::from(width.max(height)) / 200.0).max(0.6),
            );
        }
        let radius = dot(width, height);
        for (cell, colour) in [(start, "#1b7f3b"), (goal, "#1d3fbf")] {
            let _ = writeln!(
                out,
                r#"<circle cx="{}.5" cy="{}.5" r="{radius:.1}" fill="{colour}"/>"#,
                cell.col, cell.row
            );
        }
        let _ = writeln!(out, "</g>");
    }
    out.push_str("</svg>\n");
    out
}

/// `text` with the characters that XML reserves escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
