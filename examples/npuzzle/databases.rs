//! The heuristic of each board shape: the choice of pattern databases, loaded from the
//! cache or built (on the threads at once).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use state_search::domains::sliding::npuzzle::NPuzzle;
use state_search::domains::sliding::pdb::{
    Partition, PatternDatabase, PatternSet, PdbCache, PdbError, default_key_path,
};

use crate::necessary::Report;
use crate::threads::Threads;
use crate::{Choice, Options, reports};

/// `--heuristic NAME`.
pub(crate) fn choice(name: &str) -> Result<Choice, String> {
    Ok(match name {
        "auto" => Choice::Auto,
        "md" => Choice::Manhattan,
        "lc" => Choice::LinearConflict,
        "pdb555" => Choice::Pdb(Partition::Fifteen555),
        "pdb663" | "pdb" => Choice::Pdb(Partition::Fifteen663),
        "pdb78" => Choice::Pdb(Partition::Fifteen78),
        "pdb6666" => Choice::Pdb(Partition::TwentyFour6666),
        other => return Err(format!("unknown heuristic {other:?} (try --help)")),
    })
}

/// The cache in `dir`, signed with the user's key, created when the run may save
/// databases (`--pdb-cache`, or the heuristic is one that is always cached); a run that
/// only looks for cached databases uses the key if there is one (without it, nothing in
/// the cache can be used). Without a key (no place for it, or a key file others may
/// read), `--pdb-cache` is an error and the default cache is left unused, with a warning.
pub(crate) fn open_cache(
    dir: Option<std::path::PathBuf>,
    asked: bool,
    choice: Choice,
) -> Result<Option<PdbCache>, String> {
    let Some(dir) = dir else { return Ok(None) };
    let saves = asked
        || matches!(choice, Choice::Pdb(p) if [largest(4, 4), largest(5, 5)].contains(&Some(p)));
    let key = default_key_path();
    let no_key = key.as_deref().is_none_or(|path| !path.exists());
    if !saves && no_key {
        return Ok(None);
    }
    let opened = key
        .ok_or_else(|| {
            PdbError::Key("no key file: set STATE_SEARCH_PDB_KEY, XDG_CONFIG_HOME or HOME".into())
        })
        .and_then(|key| PdbCache::open(dir, &key));
    match opened {
        Ok(cache) => Ok(Some(cache)),
        Err(error) if asked => Err(format!("--pdb-cache: {error}")),
        Err(error) => {
            eprintln!("npuzzle: warning: pattern databases are not cached: {error}");
            Ok(None)
        }
    }
}

/// The strongest preset databases of a board, which are only ever loaded from the cache
/// or built into it: they take minutes and gigabytes to build.
fn largest(rows: usize, cols: usize) -> Option<Partition> {
    match (rows, cols) {
        (4, 4) => Some(Partition::Fifteen78),
        (5, 5) => Some(Partition::TwentyFour6666),
        _ => None,
    }
}

/// The puzzle of one board shape and the heuristic set up for it.
pub(crate) struct Setup {
    pub(crate) puzzle: NPuzzle,
    pub(crate) heuristic: Heuristic,
}

pub(crate) enum Heuristic {
    Manhattan,
    LinearConflict,
    Pdb(Arc<PatternSet>),
}

pub(crate) fn setup(
    options: &Options,
    rows: usize,
    cols: usize,
    threads: &Threads,
) -> Result<Setup, String> {
    let puzzle = NPuzzle::with_convention(rows, cols, options.convention)
        .map_err(|e| e.to_string())?
        .with_move_order(options.order);
    // The strongest databases of the board, if an earlier run left them in the cache.
    if options.choice == Choice::Auto
        && let Some(big) = largest(rows, cols)
        && let Some(cache) = &options.cache
    {
        let started = Instant::now();
        if let Ok(Some(set)) =
            PatternSet::load_cached_partition(&puzzle, big, options.reflect, cache)
        {
            let set = set.with_dual(options.dual);
            if options.stats != Report::Off {
                eprintln!(
                    "{big} pattern databases loaded from {} in {:.2} s",
                    cache.dir().display(),
                    started.elapsed().as_secs_f64()
                );
            }
            return Ok(Setup {
                puzzle,
                heuristic: Heuristic::Pdb(Arc::new(set)),
            });
        }
    }
    let partition = match options.choice {
        Choice::Manhattan | Choice::LinearConflict => None,
        Choice::Auto => ((rows, cols) == (4, 4)).then_some(Partition::Fifteen663),
        Choice::Pdb(partition) => Some(partition),
    };
    let heuristic = match (options.choice, partition) {
        (Choice::Manhattan, _) => Heuristic::Manhattan,
        (_, None) => Heuristic::LinearConflict,
        (_, Some(partition)) => {
            let started = Instant::now();
            // Small databases are rebuilt in seconds; the largest ones are cached.
            let cache = options
                .cache
                .as_ref()
                .filter(|_| options.cache_all || largest(rows, cols) == Some(partition));
            let set = build_set(&puzzle, partition, options, cache, threads)
                .map_err(|e| format!("{partition} pattern databases: {e}"))?;
            if options.stats != Report::Off {
                eprintln!(
                    "{partition} pattern databases{}: {} MB, ready in {:.2} s{}",
                    match (options.reflect, options.dual) {
                        (true, true) => " with reflection and dual lookups",
                        (true, false) => " with reflection",
                        (false, true) => " with dual lookups",
                        (false, false) => "",
                    },
                    set.memory_bytes() / 1_000_000,
                    started.elapsed().as_secs_f64(),
                    cache.map_or(String::new(), |c| format!(" (cache {})", c.dir().display())),
                );
            }
            Heuristic::Pdb(Arc::new(set))
        }
    };
    Ok(Setup { puzzle, heuristic })
}

/// The databases of `partition`, on the threads at once (each loaded from `cache` or built
/// and saved there, else built in memory), with a line on standard error as each one is
/// ready when progress is shown: the 7-8 set takes minutes to build. A pattern that a
/// symmetry of the board maps an earlier one onto (two of the 24-puzzle's four) is carried
/// from that one's table once the others are ready, instead of searched.
pub(crate) fn build_set(
    puzzle: &NPuzzle,
    partition: Partition,
    options: &Options,
    cache: Option<&PdbCache>,
    threads: &Threads,
) -> Result<PatternSet, PdbError> {
    let groups = PatternSet::partition_tiles(puzzle, partition)?;
    let sources = PatternSet::mirror_sources(puzzle, partition)?;
    let started = Instant::now();
    let ready = AtomicUsize::new(0);
    let build = |tiles: &[u8], built: &[PatternDatabase]| {
        let db = match cache {
            Some(cache) => {
                let cached = PatternDatabase::load_or_build_with(puzzle, tiles, cache, built)?;
                if let Some(why) = cached.replaced {
                    eprintln!("npuzzle: warning: cached pattern database not used, rebuilt: {why}");
                }
                if let Some(error) = cached.not_saved {
                    eprintln!("npuzzle: warning: pattern database not cached: {error}");
                }
                cached.value
            }
            None => PatternDatabase::mirrored_or_built(puzzle, tiles, built)?,
        };
        let done = ready.fetch_add(1, Ordering::Relaxed) + 1;
        let elapsed = started.elapsed();
        if reports(options.progress, elapsed) {
            eprintln!(
                "{partition} pattern databases: {done} of {} ready ({} tiles) after {:.1} s",
                groups.len(),
                tiles.len(),
                elapsed.as_secs_f64()
            );
        }
        Ok::<_, PdbError>(db)
    };
    let jobs = |carried: bool| -> Vec<&Vec<u8>> {
        let jobs = groups.iter().zip(&sources);
        jobs.filter(|(_, source)| source.is_some() == carried)
            .map(|(tiles, _)| tiles)
            .collect()
    };
    let built = threads
        .map(&jobs(false), |tiles| build(tiles, &[]))
        .into_iter()
        .collect::<Result<Vec<_>, _>>()?;
    let carried = threads
        .map(&jobs(true), |tiles| build(tiles, &built))
        .into_iter()
        .collect::<Result<Vec<_>, _>>()?;
    let (mut built, mut carried) = (built.into_iter(), carried.into_iter());
    let dbs = sources
        .iter()
        .filter_map(|source| match source {
            Some(_) => carried.next(),
            None => built.next(),
        })
        .collect();
    Ok(PatternSet::new(puzzle, dbs, options.reflect)?.with_dual(options.dual))
}
