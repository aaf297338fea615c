//! Reading the input: every chunk checked as it arrives (a NUL byte or a byte that is not
//! UTF-8 fails at once, at its line and column), and a cap on its size, so that an endless
//! stream ends with an error rather than with the memory full.

#[path = "../../../examples/common/cli.rs"]
mod common;

use std::io::Read;
use std::process::Command;
use std::time::Duration;

use super::{example, run_command};

/// A reader that gives `bytes` at most `step` bytes at a time (a pipe may split the input
/// anywhere, a character included).
struct Trickle<'b> {
    bytes: &'b [u8],
    step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.step.min(buf.len()).min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

/// [`common::read_all`] of `bytes`, `step` bytes a read, with a cap of `limit` bytes.
fn read(bytes: &[u8], step: usize, limit: usize) -> Result<String, String> {
    common::read_all(Trickle { bytes, step }, 0, limit).map_err(|e| e.to_string())
}

#[test]
fn text_split_anywhere_reads_whole_even_a_character_split_between_reads() {
    let text = "2 2\né…\u{1f600}ß\n";
    for step in 1..=text.len() {
        assert_eq!(
            read(text.as_bytes(), step, 1000).as_deref(),
            Ok(text),
            "{step}"
        );
    }
    // The cap is inclusive: an input of exactly the cap is read.
    assert_eq!(read(text.as_bytes(), 3, text.len()).as_deref(), Ok(text));
}

#[test]
fn a_nul_byte_fails_at_its_line_and_column() {
    for step in [1, 2, 7, 1 << 16] {
        let error = read(b"3 4\nS\xc3\xa9\0.\n", step, 1000).unwrap_err();
        assert_eq!(
            error, "line 2, column 3: a NUL byte (0x00) is not text",
            "{step}"
        );
    }
}

#[test]
fn bytes_that_are_not_utf8_fail_at_their_place_even_split_or_cut_short() {
    let cases: [(&[u8], &str); 4] = [
        (
            b"ab\n\xffc",
            "line 2, column 1: byte 0xff is not UTF-8 text",
        ),
        // A character whose second byte is wrong, whether or not the reads split it.
        (
            b"ab\ncd\xc3(",
            "line 2, column 3: byte 0xc3 is not UTF-8 text",
        ),
        // The input ends within a character.
        (
            b"ab\xe2\x82",
            "line 1, column 3: byte 0xe2 is not UTF-8 text",
        ),
        // The first fault counts: a NUL before a bad byte...
        (
            b"a\0\xff",
            "line 1, column 2: a NUL byte (0x00) is not text",
        ),
    ];
    for (bytes, message) in cases {
        for step in [1, 2, 3, 1 << 16] {
            assert_eq!(read(bytes, step, 1000), Err(message.to_owned()), "{step}");
        }
    }
    // ... and a bad byte before a NUL.
    let error = read(b"a\xff\0", 1, 1000).unwrap_err();
    assert_eq!(error, "line 1, column 2: byte 0xff is not UTF-8 text");
}

#[test]
fn an_endless_stream_of_text_ends_with_an_error_at_the_cap() {
    // Four times the cap stands for an endless stream: a reader without the cap then fails
    // this test rather than filling the memory.
    let endless = std::io::repeat(b'1').take(4 << 20);
    let error = common::read_all(endless, 0, 1 << 20).unwrap_err();
    assert_eq!(error.kind(), std::io::ErrorKind::FileTooLarge);
    assert_eq!(
        error.to_string(),
        "the input is larger than 1 MiB, the most this program reads"
    );
    // A file larger than the cap fails before anything is read.
    let error = common::read_all(std::io::empty(), 5000, 4000).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the input is larger than 4000 bytes, the most this program reads"
    );
    assert_eq!(common::MAX_INPUT, 1 << 30);
}

/// Runs `program` with `redirect` (arguments and redirections, as bash reads them) under a
/// memory limit of about 1 GB, so that a reader that reads all of `/dev/zero` fails
/// rather than filling the machine's memory.
#[cfg(target_os = "linux")]
fn limited(program: &str, redirect: &str) -> super::Run {
    let mut command = Command::new("bash");
    command
        .arg("-c")
        .arg(format!("ulimit -v 1000000 && exec \"$0\" {redirect}"))
        .arg(example(program));
    run_command(command, "", Duration::from_secs(30))
}

#[cfg(target_os = "linux")]
#[test]
fn every_reader_refuses_dev_zero_at_once_at_its_first_byte() {
    let mut cases = vec![
        ("klotski", "- < /dev/zero"),
        ("klotski", "/dev/zero"),
        ("movingai", "/dev/zero /dev/zero"),
    ];
    for program in ["huarong", "keydoor", "palamaze", "pancake", "npuzzle"] {
        cases.extend([(program, "< /dev/zero"), (program, "/dev/zero")]);
    }
    for (program, redirect) in cases {
        let out = limited(program, redirect);
        let line = out.error_line();
        assert!(
            line.contains("/dev/zero: line 1, column 1: a NUL byte (0x00) is not text")
                || line.contains("<stdin>: line 1, column 1: a NUL byte (0x00) is not text"),
            "{program} {redirect}: {line}"
        );
    }
}

#[test]
fn huarong_names_the_cells_of_a_query_as_the_input_does_from_1() {
    let cases = [
        (
            "2 2 1\n1 1\n1 0\n2 2 1 2 2 1\n",
            "huarong: invalid input: line 4, column 1: query 1: the blank at row 2, column 2 \
             is on a fixed cell",
        ),
        (
            "2 3 2\n1 1 1\n0 1 1\n1 1 1 2 2 3\n1 3 1 2 2 1\n",
            "huarong: invalid input: line 5, column 9: query 2: the target at row 2, column 1 \
             is on a fixed cell",
        ),
        (
            "2 2 1\n1 1\n1 1\n1 2 1 2 2 2\n",
            "huarong: invalid input: line 4, column 1: query 1: the blank and the piece are \
             both at row 1, column 2",
        ),
    ];
    for (input, message) in cases {
        let out = super::run("huarong", &["-"], input);
        assert_eq!(out.error_line(), message, "{input:?}");
    }
}
