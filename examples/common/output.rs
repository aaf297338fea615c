//! Standard output for the example programs.

use std::io::Write;

/// Writes `text` to standard output. A reader that went away (a closed pipe, as with
/// `| head`) is not an error: the result is then `Ok(false)`, and the program may stop.
pub fn write_out(text: &str) -> Result<bool, String> {
    match std::io::stdout().write_all(text.as_bytes()) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(format!("standard output: {e}")),
    }
}
