//! What the Moving AI programs share: a map and its scenario file named on the command
//! line, read and parsed with one-line errors.

use std::path::PathBuf;

use state_search::domains::movingai::{OctileMap, Scenario};

use super::common;

/// The map and the scenarios of the two files in `files` (MAP, then SCEN), after checking
/// that `every` (keep every `every`-th scenario) is at least 1.
pub fn load(files: &[PathBuf], every: usize) -> Result<(OctileMap, Vec<Scenario>), String> {
    let [map_path, scen_path] = files else {
        return Err(format!(
            "expected two files, MAP and SCEN, found {}",
            files.len()
        ));
    };
    if every == 0 {
        return Err("--every must be at least 1".to_owned());
    }
    let read = |path: &PathBuf| common::read_input(Some(path), common::read_stdin);
    let map =
        OctileMap::parse(&read(map_path)?).map_err(|e| format!("{}: {e}", map_path.display()))?;
    let scenarios = Scenario::parse_list_for(&read(scen_path)?, &map)
        .map_err(|e| format!("{}: {e}", scen_path.display()))?;
    Ok((map, scenarios))
}
