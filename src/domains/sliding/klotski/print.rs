//! Printing: the picture of a layout (`Puzzle::picture`) and of the start position in the
//! format it was read in (`Display`).

use core::fmt;

use super::{Layout, Puzzle, Shape};
use crate::grid::Pos;

impl Puzzle {
    /// The picture of `layout` with one character per shape (the first label drawn with
    /// that shape at the start) and a line per row.
    #[must_use]
    pub fn picture(&self, layout: &Layout) -> String {
        let mut grid = self.blank_picture();
        for (shape, at) in self.placements(layout) {
            let k = self.shapes.iter().position(|&s| s == shape).unwrap_or(0);
            let label = self
                .pieces
                .iter()
                .find(|(_, shape)| usize::from(*shape) == k)
                .map_or('?', |(p, _)| p.label);
            self.draw(&mut grid, shape, at, label);
        }
        Self::join(&grid)
    }

    fn blank_picture(&self) -> Vec<Vec<char>> {
        let mut grid = vec![vec!['.'; self.cols as usize]; self.rows as usize];
        for cell in 0..self.cells() {
            if self.walls & (1 << cell) != 0 {
                grid[(cell / self.cols) as usize][(cell % self.cols) as usize] = '#';
            }
        }
        grid
    }

    fn draw(&self, grid: &mut [Vec<char>], shape: Shape, at: Pos, label: char) {
        let _ = self;
        for r in at.row..at.row + shape.rows {
            for c in at.col..at.col + shape.cols {
                grid[r as usize][c as usize] = label;
            }
        }
    }

    fn join(grid: &[Vec<char>]) -> String {
        let mut text = String::new();
        for row in grid {
            text.extend(row.iter());
            text.push('\n');
        }
        text
    }
}

impl fmt::Display for Puzzle {
    /// The start position in the format it was read in: the classic picture, or the
    /// labelled picture and its goal line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut grid = self.blank_picture();
        for (piece, _) in &self.pieces {
            self.draw(&mut grid, piece.shape, piece.at, piece.label);
        }
        f.write_str(&Self::join(&grid))?;
        if !self.classic {
            writeln!(
                f,
                "goal {} {} {}",
                self.goal.label,
                self.goal.at.row + 1,
                self.goal.at.col + 1
            )?;
        }
        Ok(())
    }
}
