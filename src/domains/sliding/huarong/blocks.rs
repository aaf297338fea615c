//! The blocks (biconnected components) of a board, which say which sides of a cell the
//! blank can join without moving a piece there.

use super::{Board, NONE};
use crate::error::CapacityError;
use crate::store::try_filled;

/// Pushes `item`, growing `stack` fallibly.
fn push<T>(stack: &mut Vec<T>, item: T) -> Result<(), CapacityError> {
    if stack.len() == stack.capacity() {
        stack
            .try_reserve(1)
            .map_err(|_| CapacityError::out_of_memory(stack.len() + 1, size_of::<T>()))?;
    }
    stack.push(item);
    Ok(())
}

/// The connected part of every cell and the block (biconnected component) of every edge
/// between movable cells, by Tarjan's algorithm with an explicit stack.
///
/// Returns `part` (per cell; `NONE` for fixed cells) and `block` (per cell and side; `NONE`
/// when the side is fixed). Two sides of a cell are joined by a walk avoiding the cell
/// exactly when their edges to it are in the same block.
///
/// A [`CapacityError`] when the arrays or the stacks cannot be allocated.
pub(super) fn blocks(
    board: &Board,
    offsets: [u32; 4],
) -> Result<(Vec<u32>, Vec<u32>), CapacityError> {
    let cells = board.cell_bound();
    let mut part = try_filled(cells, NONE)?;
    let mut block = try_filled(cells * 4, NONE)?;
    let mut discovered = try_filled(cells, 0u32)?;
    let mut low = try_filled(cells, 0u32)?;
    let mut time = 0u32;
    let mut parts = 0u32;
    let mut blocks = 0u32;
    // (cell, parent, next side to look at)
    let mut frames: Vec<(u32, u32, u32)> = Vec::new();
    // Edges of the blocks not yet closed, as (cell, side).
    let mut edges: Vec<(u32, u32)> = Vec::new();
    for root in 0..u32::try_from(cells).unwrap_or(0) {
        if !board.open(root) || discovered[root as usize] != 0 {
            continue;
        }
        time += 1;
        discovered[root as usize] = time;
        low[root as usize] = time;
        part[root as usize] = parts;
        push(&mut frames, (root, NONE, 0))?;
        while let Some(top) = frames.last_mut() {
            let (v, parent, side) = *top;
            if side < 4 {
                top.2 += 1;
                let w = v.wrapping_add(offsets[side as usize]);
                if !board.open(w) || w == parent {
                    continue;
                }
                if discovered[w as usize] == 0 {
                    push(&mut edges, (v, side))?;
                    time += 1;
                    discovered[w as usize] = time;
                    low[w as usize] = time;
                    part[w as usize] = parts;
                    push(&mut frames, (w, v, 0))?;
                } else if discovered[w as usize] < discovered[v as usize] {
                    push(&mut edges, (v, side))?;
                    low[v as usize] = low[v as usize].min(discovered[w as usize]);
                }
                continue;
            }
            frames.pop();
            if parent == NONE {
                continue;
            }
            let (p, v) = (parent as usize, v as usize);
            low[p] = low[p].min(low[v]);
            if low[v] >= discovered[p] {
                // `parent` separates the subtree of `v`: its edges form one block.
                while let Some((a, s)) = edges.pop() {
                    let b = a.wrapping_add(offsets[s as usize]);
                    block[4 * a as usize + s as usize] = blocks;
                    block[4 * b as usize + (s ^ 1) as usize] = blocks;
                    if a as usize == p && b as usize == v {
                        break;
                    }
                }
                blocks += 1;
            }
        }
        parts += 1;
    }
    Ok((part, block))
}
