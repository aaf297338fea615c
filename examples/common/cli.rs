//! What the example programs share: their output and exit status as a value, arguments
//! read with `lexopt` (one-line errors; an option given twice with different values, or
//! two that exclude each other, refused with [`Given`]), the input read from a file or
//! from standard input (`-` or no file) without aborting on a huge one (at most
//! [`MAX_INPUT`], 1 GiB, checked for text as it arrives), and `--strategy` restricted to
//! the spellings of `state_search::Strategy` that apply to a domain.
//!
//! Exit statuses: 0 solved, 1 no solution (where a program tells it apart), 2 a bad
//! argument, malformed input or any other error (out of memory included), always with
//! one line on standard error.

#![allow(dead_code, reason = "each program uses a part of it")]

use std::ffi::OsString;
use std::io::{Read, Write};
use std::path::Path;
use std::process::ExitCode;

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use state_search::{Event, Stats, StopReason, Strategy, Visitor};

/// The exit status of a bad argument, malformed input or any other error.
pub const ERROR: u8 = 2;

/// What a program writes and its exit status.
#[derive(Debug)]
pub struct Output {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// The exit status.
    pub code: u8,
}

impl Output {
    /// Success: `stdout` and nothing on standard error.
    pub fn success(stdout: String) -> Self {
        Self {
            stdout,
            stderr: String::new(),
            code: 0,
        }
    }

    /// A failure with status `code`: nothing on standard output, one line
    /// `program: message` on standard error.
    pub fn failure(program: &str, code: u8, message: &str) -> Self {
        Self {
            stdout: String::new(),
            stderr: format!("{program}: {}\n", one_line(message)),
            code,
        }
    }

    /// Writes the output and returns the exit status. A reader that went away (a closed
    /// pipe) is not worth a panic: the output is simply not wanted. Any other error writing
    /// standard output (a full disk) is exit status 2, with one line `program: ...`.
    pub fn emit(&self, program: &str) -> ExitCode {
        if let Err(message) = write_out(&self.stdout) {
            let _ = writeln!(std::io::stderr().lock(), "{program}: {message}");
            return ExitCode::from(ERROR);
        }
        let _ = std::io::stderr().lock().write_all(self.stderr.as_bytes());
        ExitCode::from(self.code)
    }
}

/// Writes `text` to standard output and flushes it. A reader that went away (a closed
/// pipe, as with `| head`) is not an error: the result is then `Ok(false)`, and the
/// program may stop.
///
/// # Errors
///
/// Any other error of the write or the flush, as one line.
pub fn write_out(text: &str) -> Result<bool, String> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(format!("standard output: {e}")),
    }
}

/// `message` on one line: line breaks become spaces.
pub fn one_line(message: &str) -> String {
    message.replace(['\n', '\r'], " ")
}

/// Prints `program: message` on standard error and returns exit status 2.
pub fn exit_error(program: &str, message: &str) -> ExitCode {
    eprintln!("{program}: {}", one_line(message));
    ExitCode::from(ERROR)
}

/// Checks that `--help` (or `-h`), just read by `parser`, has no value: `--help=1` is an
/// error, not help.
///
/// # Errors
///
/// The one-line message for a value.
pub fn help(parser: &mut lexopt::Parser) -> Result<(), String> {
    match parser.optional_value() {
        None => Ok(()),
        Some(value) => Err(format!("--help takes no value, not {}", value.display())),
    }
}

/// A `lexopt` error as one line, in the words of these programs.
#[expect(
    clippy::unnecessary_debug_formatting,
    reason = "quoted, with the escapes that show which bytes are not UTF-8"
)]
pub fn arg_error(error: lexopt::Error) -> String {
    match error {
        lexopt::Error::UnexpectedOption(option) => {
            format!("unknown option {option:?} (try --help)")
        }
        lexopt::Error::UnexpectedArgument(value) => {
            format!("unexpected argument {value:?} (try --help)")
        }
        lexopt::Error::MissingValue {
            option: Some(option),
        } => format!("{option} needs a value (try --help)"),
        lexopt::Error::UnexpectedValue { option, value } => {
            format!("{option} takes no value, got {value:?}")
        }
        lexopt::Error::NonUnicodeValue(value) => {
            format!("argument {value:?} is not valid UTF-8")
        }
        other => one_line(&other.to_string()),
    }
}

/// An argument as UTF-8 text; an argument that is not UTF-8 is an error.
pub fn text(value: OsString) -> Result<String, String> {
    value
        .into_string()
        .map_err(|bad| arg_error(lexopt::Error::NonUnicodeValue(bad)))
}

/// The value of option `flag` parsed as a `T`, or an error that names the value given.
pub fn parse_value<T: std::str::FromStr>(flag: &str, value: OsString) -> Result<T, String> {
    let value = text(value)?;
    value
        .parse()
        .map_err(|_| format!("{flag}: {value:?} is not valid (try --help)"))
}

/// The next value of `parser` for option `flag`.
pub fn value(parser: &mut lexopt::Parser, flag: &str) -> Result<OsString, String> {
    parser.value().map_err(|error| match error {
        lexopt::Error::MissingValue { .. } => format!("{flag} needs a value (try --help)"),
        other => arg_error(other),
    })
}

/// The next value of `parser` for option `flag`, as UTF-8 text.
pub fn text_value(parser: &mut lexopt::Parser, flag: &str) -> Result<String, String> {
    text(value(parser, flag)?)
}

/// The options given so far, so that an option given twice with different values, or two
/// options that exclude each other, is a usage error rather than a silent choice of the
/// last one. The same value twice is no conflict.
#[derive(Default)]
pub struct Given {
    options: Vec<(&'static str, OsString)>,
}

impl Given {
    /// The next value of `parser` for option `flag` (as [`value`]), recorded.
    ///
    /// # Errors
    ///
    /// As [`value`], and `flag` given before with another value.
    pub fn value(
        &mut self,
        parser: &mut lexopt::Parser,
        flag: &'static str,
    ) -> Result<OsString, String> {
        let value = value(parser, flag)?;
        self.record(flag, value.clone())?;
        Ok(value)
    }

    /// [`Given::value`] as UTF-8 text.
    ///
    /// # Errors
    ///
    /// As [`Given::value`], and a value that is not UTF-8.
    pub fn text_value(
        &mut self,
        parser: &mut lexopt::Parser,
        flag: &'static str,
    ) -> Result<String, String> {
        text(self.value(parser, flag)?)
    }

    /// Records option `flag`, which takes no value.
    pub fn flag(&mut self, flag: &'static str) {
        if !self.has(flag) {
            self.options.push((flag, OsString::new()));
        }
    }

    /// Records option `flag` with `value` (several words joined, for an option that takes
    /// more than one).
    ///
    /// # Errors
    ///
    /// `flag` given before with another value.
    #[expect(
        clippy::unnecessary_debug_formatting,
        reason = "quoted, with the escapes that show which bytes are not UTF-8"
    )]
    pub fn record(&mut self, flag: &'static str, value: OsString) -> Result<(), String> {
        match self.options.iter().find(|(given, _)| *given == flag) {
            Some((_, before)) if *before != value => Err(format!(
                "{flag} given twice with different values ({before:?}, then {value:?}): give \
                 it once"
            )),
            Some(_) => Ok(()),
            None => {
                self.options.push((flag, value));
                Ok(())
            }
        }
    }

    /// Whether option `flag` was given.
    pub fn has(&self, flag: &str) -> bool {
        self.options.iter().any(|(given, _)| *given == flag)
    }

    /// Checks that options `a` and `b` were not both given.
    ///
    /// # Errors
    ///
    /// Both were given.
    pub fn exclusive(&self, a: &str, b: &str) -> Result<(), String> {
        if self.has(a) && self.has(b) {
            return Err(format!(
                "{a} and {b} exclude each other: give one (try --help)"
            ));
        }
        Ok(())
    }

    /// Checks that option `flag` was given only with `needed` (`what` names it).
    ///
    /// # Errors
    ///
    /// `flag` without `needed`.
    pub fn needs(&self, flag: &str, needed: bool, what: &str) -> Result<(), String> {
        if self.has(flag) && !needed {
            return Err(format!("{flag} applies only with {what} (try --help)"));
        }
        Ok(())
    }
}

/// Progress of a long search on standard error, from the events that come with its
/// statistics: once it has run for [`Progress::EVERY`], at most one line that often,
/// `program: strategy: N states expanded, T s, ...` after an iteration of IDA* (with the
/// cost it searched up to) or a better solution of an anytime search (with its cost).
/// Silent for a search that ends sooner. Attach it only where [`Progress::reports`]:
/// a visitor costs the other engines time even when it ignores their events (BFS on a
/// 1000x1000 pipe maze took 1.2x as long).
pub struct Progress {
    prefix: String,
    started: Instant,
    next: Duration,
    last: Option<String>,
}

impl Progress {
    /// How long a search runs before its first line, and at least between lines.
    pub const EVERY: Duration = Duration::from_secs(5);

    /// Whether `strategy` sends the events this reports: IDA*'s iterations and the
    /// solutions of anytime search and branch and bound.
    pub fn reports(strategy: &Strategy) -> bool {
        matches!(
            strategy,
            Strategy::IdaStar
                | Strategy::IdaStarTable
                | Strategy::BranchAndBound
                | Strategy::Anytime(_)
                | Strategy::AraStar(_)
                | Strategy::AnaStar
        )
    }

    /// The progress of `strategy`, in lines that start `program: strategy: `.
    pub fn new(program: &str, strategy: &Strategy) -> Self {
        Self::since(program, strategy, Instant::now())
    }

    /// The progress of a search that started at `started`.
    pub fn since(program: &str, strategy: &Strategy, started: Instant) -> Self {
        Self {
            prefix: format!("{program}: {strategy}: "),
            started,
            next: Self::EVERY,
            last: None,
        }
    }

    /// The last line written, if any.
    pub fn last(&self) -> Option<&str> {
        self.last.as_deref()
    }

    #[cold]
    #[inline(never)]
    fn report(&mut self, stats: &Stats, what: &dyn std::fmt::Display) {
        let elapsed = self.started.elapsed();
        if elapsed < self.next {
            return;
        }
        self.next = elapsed + Self::EVERY;
        let line = format!(
            "{}{} states expanded, {:.0} s, {what}",
            self.prefix,
            stats.expanded,
            elapsed.as_secs_f64()
        );
        let _ = writeln!(std::io::stderr().lock(), "{line}");
        self.last = Some(line);
    }
}

/// Costs are written as their `Debug` form (`7`, or `(0, 35)` for a pair).
impl<S, C: std::fmt::Debug> Visitor<S, C> for Progress {
    fn visit(&mut self, event: Event<'_, S, C>) -> ControlFlow<()> {
        match event {
            Event::IterationFinished { bound, stats, .. } => {
                self.report(stats, &format_args!("no route costs {bound:?} or less"));
            }
            Event::Improved { cost, stats, .. } => {
                self.report(stats, &format_args!("the best route so far costs {cost:?}"));
            }
            _ => {}
        }
        ControlFlow::Continue(())
    }
}

/// Why a search stopped, and when memory ran out what the search held then: the
/// allocation refused may be small, and the states stored are what filled the memory.
pub fn stopped(reason: &StopReason, stats: &Stats) -> String {
    match reason {
        StopReason::Capacity(_) if stats.memory > 0 => format!(
            "{reason} (the search held {:.1} MiB in {} states)",
            mib(stats.memory),
            stats.stored
        ),
        _ => reason.to_string(),
    }
}

#[expect(clippy::cast_precision_loss, reason = "a size for a message")]
fn mib(bytes: usize) -> f64 {
    bytes as f64 / f64::from(1u32 << 20)
}

/// The spelling patterns of `strategies` (`wastar:W` for every weight), separated by
/// `separator`.
pub fn spellings(strategies: &[Strategy], separator: &str) -> String {
    strategies
        .iter()
        .map(|s| s.pattern())
        .collect::<Vec<_>>()
        .join(separator)
}

/// A `--strategy` value: a spelling of [`Strategy`] whose pattern is among those of
/// `applicable` (any weight or width for the strategies with a parameter). `context` says
/// what it applies to, for the error (`""`, or e.g. `" to --objective keys"`).
pub fn strategy(
    value: OsString,
    applicable: &[Strategy],
    context: &str,
) -> Result<Strategy, String> {
    let value = text(value)?;
    let list = spellings(applicable, ", ");
    match value.parse::<Strategy>() {
        Ok(strategy) if applicable.iter().any(|a| a.pattern() == strategy.pattern()) => {
            Ok(strategy)
        }
        Ok(strategy) => Err(format!(
            "strategy {strategy} does not apply{context}: expected one of {list}"
        )),
        Err(error) if error.is_unknown() => Err(format!(
            "unknown strategy {value:?}: expected one of {list}"
        )),
        Err(error) => Err(error.to_string()),
    }
}

/// The name of the input in messages: the path, or `<stdin>`.
pub fn source_name(file: Option<&Path>) -> String {
    match file {
        Some(path) if path != Path::new("-") => path.display().to_string(),
        _ => "<stdin>".to_owned(),
    }
}

/// Reads the input: the file `file`, or standard input (through `stdin`) when there is
/// none or it is `-`. A UTF-8 byte-order mark at the start is skipped. The error names
/// the input.
pub fn read_input(
    file: Option<&Path>,
    stdin: impl FnOnce() -> std::io::Result<String>,
) -> Result<String, String> {
    let text = match file {
        Some(path) if path != Path::new("-") => read_file(path),
        _ => stdin(),
    };
    text.map(skip_bom)
        .map_err(|error| format!("{}: {error}", source_name(file)))
}

/// `text` without a leading UTF-8 byte-order mark.
pub fn skip_bom(mut text: String) -> String {
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    text
}

/// The most input the programs read: 1 GiB. A larger file, or a stream that goes on (such
/// as `/dev/zero` or `yes`), is an error once this much has been read, not a program that
/// fills the memory.
pub const MAX_INPUT: usize = 1 << 30;

/// The whole of a file as text, its memory reserved fallibly, at most [`MAX_INPUT`] bytes.
pub fn read_file(path: &Path) -> std::io::Result<String> {
    let file = std::fs::File::open(path)?;
    let size = file.metadata().map_or(0, |m| m.len());
    read_all(file, usize::try_from(size).unwrap_or(usize::MAX), MAX_INPUT)
}

/// The whole of standard input as text, its memory reserved fallibly, at most
/// [`MAX_INPUT`] bytes.
pub fn read_stdin() -> std::io::Result<String> {
    read_all(std::io::stdin().lock(), 0, MAX_INPUT)
}

/// Everything `reader` gives as UTF-8 text, at most `limit` bytes, reserving `expected`
/// bytes first (an error at once when that is more than `limit`). Memory is reserved
/// fallibly, and never more than `limit`: an input too large for memory is an error, never
/// an abort. Each chunk is checked as it arrives, so that an input that is not text fails
/// at its first fault, not once all of it is in memory: a NUL byte (text in none of the
/// formats read) or a byte that is not UTF-8 (a character split between two chunks is
/// completed by the next) is an error at its line and column; more than `limit` bytes is
/// an error that says so.
pub fn read_all(mut reader: impl Read, expected: usize, limit: usize) -> std::io::Result<String> {
    use std::io::{Error, ErrorKind};
    let out_of_memory = |_| {
        Error::new(
            ErrorKind::OutOfMemory,
            "out of memory: the input does not fit in memory",
        )
    };
    let too_large = || {
        Error::new(
            ErrorKind::FileTooLarge,
            format!(
                "the input is larger than {}, the most this program reads",
                size(limit)
            ),
        )
    };
    if expected > limit {
        return Err(too_large());
    }
    let mut bytes: Vec<u8> = Vec::new();
    bytes.try_reserve_exact(expected).map_err(out_of_memory)?;
    let mut chunk = vec![0; 1 << 16];
    // `bytes[..checked]` is text without a NUL; an incomplete character may follow it.
    let mut checked = 0;
    loop {
        let read = match reader.read(&mut chunk) {
            Ok(0) => break,
            Ok(read) => read,
            Err(error) if error.kind() == ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if read > limit - bytes.len() {
            return Err(too_large());
        }
        if bytes.capacity() - bytes.len() < read {
            // Doubling, as `Vec` grows, but never past the cap.
            let grown = (bytes.len() + read).max(bytes.capacity() * 2).min(limit);
            bytes
                .try_reserve_exact(grown - bytes.len())
                .map_err(out_of_memory)?;
        }
        bytes.extend_from_slice(&chunk[..read]);
        checked = check_text(&bytes, checked, false)?;
    }
    check_text(&bytes, checked, true)?;
    String::from_utf8(bytes).map_err(|error| Error::new(ErrorKind::InvalidData, error))
}

/// Checks `bytes[checked..]`, the part not yet checked, and returns how far `bytes` is text
/// without a NUL: all of it, or all but an incomplete character at the end unless `end`
/// (the end of the input) makes it an error.
fn check_text(bytes: &[u8], checked: usize, end: bool) -> std::io::Result<usize> {
    let (valid, fault) = match std::str::from_utf8(&bytes[checked..]) {
        Ok(_) => (bytes.len() - checked, None),
        Err(error) => {
            let complete = error.error_len().is_some() || end;
            (
                error.valid_up_to(),
                complete.then_some(checked + error.valid_up_to()),
            )
        }
    };
    let nul = bytes[checked..checked + valid]
        .iter()
        .position(|&byte| byte == 0)
        .map(|at| checked + at);
    // The first fault in the input: a NUL comes before any invalid byte after it.
    let Some(at) = nul.or(fault) else {
        return Ok(checked + valid);
    };
    let before = std::str::from_utf8(&bytes[..at]).unwrap_or_default();
    let what = if nul.is_some() {
        "a NUL byte (0x00) is not text".to_owned()
    } else {
        format!("byte 0x{:02x} is not UTF-8 text", bytes[at])
    };
    Err(std::io::Error::new(
        std::io::ErrorKind::InvalidData,
        format!("{}: {what}", position(before)),
    ))
}

/// A size in bytes for a message: in GiB, MiB or KiB when it is a whole number of them.
fn size(bytes: usize) -> String {
    for (unit, shift) in [("GiB", 30), ("MiB", 20), ("KiB", 10)] {
        if bytes >= 1 << shift && bytes.is_multiple_of(1 << shift) {
            return format!("{} {unit}", bytes >> shift);
        }
    }
    format!("{bytes} bytes")
}

/// `line L, column C` of the character after `text`, the valid start of the input (lines
/// and columns from 1, columns in characters).
fn position(text: &str) -> String {
    // The readers skip a byte order mark: the character after it is column 1.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let line = text.matches('\n').count() + 1;
    let line_start = text.rfind('\n').map_or(0, |at| at + 1);
    let column = text[line_start..].chars().count() + 1;
    format!("line {line}, column {column}")
}

/// Every core with the `parallel` feature, else 1: the default of `--threads`.
pub fn default_threads() -> usize {
    if cfg!(feature = "parallel") {
        std::thread::available_parallelism().map_or(1, usize::from)
    } else {
        1
    }
}

/// The most threads a `--threads` flag accepts: a pool far larger than the machine
/// spends its time waking threads (a key-door maze of 12 cells took 1.5 s on 1,000
/// threads and over three minutes on 99,999).
pub const MAX_THREADS: usize = 1024;

/// A `--threads` value: 1 to [`MAX_THREADS`], and 1 only without the `parallel` feature.
pub fn threads(value: OsString) -> Result<usize, String> {
    let threads = check_threads(parse_value("--threads", value)?)?;
    if threads > 1 && !cfg!(feature = "parallel") {
        return Err(format!(
            "--threads {threads} needs the `parallel` feature (cargo run --features \
             parallel ...); this build runs --threads 1 only"
        ));
    }
    Ok(threads)
}

/// `threads`, if it is 1 to [`MAX_THREADS`].
pub fn check_threads(threads: usize) -> Result<usize, String> {
    if threads == 0 {
        return Err("--threads must be at least 1".to_owned());
    }
    if threads > MAX_THREADS {
        return Err(format!("--threads {threads}: at most {MAX_THREADS}"));
    }
    Ok(threads)
}

/// A rayon pool of `threads` threads, for the parallel strategies.
#[cfg(feature = "parallel")]
pub fn pool(threads: usize) -> Result<rayon::ThreadPool, String> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))
}
