//! Unit tests of the tokenizer, and a property test of every parser built on it.

use proptest::prelude::*;

use super::*;

/// The tokens of `text` as (text, line, column).
fn places(text: &str) -> Vec<(&str, usize, usize)> {
    Tokens::new(text)
        .map(|t| (t.text, t.line, t.column))
        .collect()
}

#[test]
fn tokens_know_their_line_and_column_in_characters() {
    assert_eq!(
        places("  ab c\r\n\n\té 12\u{3000}x\n"),
        [
            ("ab", 1, 3),
            ("c", 1, 6),
            ("é", 3, 2),
            ("12", 3, 4),
            ("x", 3, 7)
        ]
    );
    assert_eq!(places(""), []);
    assert_eq!(places(" \n\r\n\t"), []);
}

#[test]
fn a_byte_order_mark_is_skipped_at_the_start_only() {
    assert_eq!(places("\u{feff}1 2"), [("1", 1, 1), ("2", 1, 3)]);
    assert_eq!(places("1 \u{feff}2"), [("1", 1, 1), ("\u{feff}2", 1, 3)]);
    // A part of a larger text keeps its mark: it is not the start of the text.
    let part: Vec<_> = Tokens::at("\u{feff}1", 4, 9).map(|t| t.text).collect();
    assert_eq!(part, ["\u{feff}1"]);
}

#[test]
fn parts_of_a_text_count_places_from_where_they_start() {
    let mut tokens = Tokens::at("7  8\n9", 3, 5);
    let got: Vec<_> = tokens
        .by_ref()
        .map(|t| (t.text, t.line, t.column))
        .collect();
    assert_eq!(got, [("7", 3, 5), ("8", 3, 8), ("9", 4, 1)]);
    assert_eq!(tokens.place(), (4, 2));
}

#[test]
fn numbers_quote_the_token_as_written() {
    let token = Token {
        text: "99999999999",
        line: 2,
        column: 4,
    };
    let error = token.number::<u32>("a side").unwrap_err();
    assert_eq!((error.line, error.column), (2, 4));
    assert_eq!(
        error.kind,
        ParseErrorKind::Invalid {
            expected: "a side".to_owned(),
            found: "99999999999".to_owned()
        }
    );
    assert_eq!(token.number::<u64>("a side"), Ok(99_999_999_999));
    let error = token.number_in::<u64>("a side", 1..=10).unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 2, column 4: expected a side from 1 to 10, found \"99999999999\""
    );
    let small = Token {
        text: "007",
        ..token
    };
    assert_eq!(small.number_in("a side", 1u8..=10), Ok(7));
    let error = small.number_in("a side", 8u8..=10).unwrap_err();
    assert!(error.to_string().ends_with("found \"007\""), "{error}");
    // A range of one value is named by that value.
    let one = small.number_in("the map width", 4u8..=4).unwrap_err();
    assert!(
        one.to_string().contains("expected the map width 4, found"),
        "{one}"
    );
    let word = Token { text: "x", ..token };
    assert!(word.number::<i64>("a cost").is_err());
}

#[test]
fn the_end_of_the_input_is_reported_where_the_text_ends() {
    let end = |text: &str| {
        let mut tokens = Tokens::new(text);
        while tokens.token().is_some() {}
        let error = tokens.expect("more").unwrap_err();
        assert_eq!(
            error.kind,
            ParseErrorKind::UnexpectedEnd {
                expected: "more".to_owned()
            }
        );
        (error.line, error.column)
    };
    assert_eq!(end(""), (1, 1));
    assert_eq!(end("\u{feff}"), (1, 1));
    assert_eq!(end("1 2"), (1, 4));
    assert_eq!(end("1 2  \n"), (1, 6));
    assert_eq!(end("1\r\n\r\n"), (2, 1));
    assert_eq!(end("1\nété"), (2, 4));
}

#[test]
fn tokens_on_a_line_stay_on_it() {
    let mut tokens = Tokens::new("2 3 4\n5\n");
    assert_eq!(tokens.expect_on_line("rows").map(|t| t.text), Ok("2"));
    assert_eq!(tokens.token_on_line().map(|t| t.text), Some("3"));
    let error = tokens
        .expect_end_of_line("the end of the header")
        .unwrap_err();
    assert_eq!((error.line, error.column), (1, 5));
    assert_eq!(tokens.token_on_line(), None);
    let error = tokens.expect_on_line("a fourth number").unwrap_err();
    assert_eq!((error.line, error.column), (1, 6));
    assert_eq!(tokens.expect_end_of_line("the end"), Ok(()));
    assert_eq!(
        tokens.token_on_line().map(|t| (t.text, t.line)),
        Some(("5", 2))
    );
    assert_eq!(tokens.end(), Ok(()));
}

#[test]
fn lines_are_whole_or_what_is_left_of_them() {
    let mut tokens = Tokens::new("goal B 4 2\r\n..#\n\n");
    assert_eq!(tokens.token().map(|t| t.text), Some("goal"));
    let rest = tokens.line().unwrap();
    assert_eq!((rest.text, rest.line, rest.column), (" B 4 2", 1, 5));
    let inner: Vec<_> = rest.tokens().map(|t| (t.text, t.column)).collect();
    assert_eq!(inner, [("B", 6), ("4", 8), ("2", 10)]);
    let picture = tokens.line().unwrap();
    assert_eq!((picture.text, picture.line, picture.column), ("..#", 2, 1));
    assert_eq!(tokens.line().map(|l| l.text), Some(""));
    assert_eq!(tokens.line(), None);
    assert_eq!(tokens.token(), None);
    // Once the last line is taken, the place is just after its last character.
    let mut tokens = Tokens::new("ab\ncdé");
    assert_eq!(tokens.line().map(|l| l.text), Some("ab"));
    assert_eq!(tokens.place(), (2, 1));
    assert_eq!(tokens.line().map(|l| l.text), Some("cdé"));
    assert_eq!(tokens.place(), (2, 4));
    let error = tokens.expect("more").unwrap_err();
    assert_eq!((error.line, error.column), (2, 4));
}

#[test]
fn text_after_the_input_is_trailing() {
    let mut tokens = Tokens::new("1\n\n  2 3");
    assert_eq!(tokens.expect("one").map(|t| t.text), Ok("1"));
    let error = tokens.end().unwrap_err();
    assert_eq!(
        (error.line, error.column, error.kind),
        (3, 3, ParseErrorKind::Trailing)
    );
}

/// Valid inputs of every format, to be damaged.
const SAMPLES: [&str; 7] = [
    "3 4\nS.a.\n.X.X\nATX.\n",
    "3 5\n#+a+$\n+1*++\n*****\n",
    "3 4 2\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n1 2 2 2 3 2\n",
    "ABBC\nABBC\nDEEF\nDGHF\nI..J\ngoal B 4 2\n",
    "vBBv\nvBBv\nvhhv\nvssv\ns..s\n",
    "# Korf\n1 0 2 3 4 5 6 7 8\n\n0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n",
    "1 2 3\n4 5 6\n7 8 0\n",
];

/// A sample with a few characters replaced, inserted or deleted.
fn damaged() -> impl Strategy<Value = String> {
    let edit = (
        any::<prop::sample::Index>(),
        0..3u8,
        "[0-9 \n\r.#a-zA-Z\u{feff}-]",
    );
    (0..SAMPLES.len(), prop::collection::vec(edit, 0..6)).prop_map(|(sample, edits)| {
        let mut chars: Vec<char> = SAMPLES[sample].chars().collect();
        for (at, how, with) in edits {
            let with = with.chars().next().unwrap_or(' ');
            let at = at.index(chars.len() + 1);
            match how {
                0 if at < chars.len() => chars[at] = with,
                1 => chars.insert(at, with),
                _ if at < chars.len() => drop(chars.remove(at)),
                _ => {}
            }
        }
        chars.into_iter().collect()
    })
}

/// Texts made of the characters the formats use, with some that they do not, and damaged
/// valid inputs.
fn texty() -> impl Strategy<Value = String> {
    prop_oneof![
        "[0-9 \n]{0,120}",
        "[0-9a-zA-Z.#$*+ \t\r\n\u{feff}é-]{0,160}",
        any::<String>(),
        damaged(),
    ]
}

proptest! {
    #[test]
    fn tokens_are_the_words_of_the_text_at_their_places(text in texty()) {
        let body = text.strip_prefix('\u{feff}').unwrap_or(&text);
        let words: Vec<&str> = body.split_whitespace().collect();
        let tokens: Vec<Token<'_>> = Tokens::new(&text).collect();
        prop_assert_eq!(tokens.iter().map(|t| t.text).collect::<Vec<_>>(), words);
        let lines: Vec<&str> = body.lines().collect();
        for token in &tokens {
            let line = lines[token.line - 1];
            let from: String = line.chars().skip(token.column - 1).collect();
            prop_assert!(from.starts_with(token.text), "{:?} in {:?}", token, line);
        }
    }

    #[test]
    fn lines_are_the_lines_of_the_text(text in texty()) {
        let body = text.strip_prefix('\u{feff}').unwrap_or(&text);
        let mut tokens = Tokens::new(&text);
        let lines: Vec<(usize, &str)> =
            core::iter::from_fn(|| tokens.line()).map(|l| (l.line, l.text)).collect();
        let expected: Vec<(usize, &str)> =
            body.lines().enumerate().map(|(i, l)| (i + 1, l)).collect();
        prop_assert_eq!(lines, expected);
    }

    /// Every parser of the crate, on any text: an answer or an error, never a panic, and
    /// every error names a place inside the text (or just after its end).
    #[test]
    fn parsers_never_panic(text in texty()) {
        use crate::domains::keydoor::KeyDoorMaze;
        use crate::domains::pipemaze::PipeMaze;
        use crate::domains::sliding::huarong::{Input, InputError};
        use crate::domains::sliding::klotski::Puzzle;
        use crate::domains::sliding::npuzzle::{Board, GoalConvention, parse_instances};

        // A missing line is reported at the line where it should have been.
        let lines = text.lines().count() + 1;
        let placed = |error: &ParseError| (1..=lines).contains(&error.line);
        let errors = [
            text.parse::<KeyDoorMaze>().err(),
            text.parse::<PipeMaze>().err(),
            text.parse::<Puzzle>().err(),
            text.parse::<Board>().err(),
            parse_instances(&text, None, GoalConvention::BlankFirst).err(),
            parse_instances(&text, Some((2, 3)), GoalConvention::BlankLast).err(),
            match text.parse::<Input>() {
                Err(InputError::Parse(error)) => Some(error),
                _ => None,
            },
        ];
        for error in errors.iter().flatten() {
            prop_assert!(placed(error), "{:?} outside {} lines", error, lines);
            prop_assert!(!error.to_string().is_empty());
        }
    }
}

#[test]
fn a_line_that_ends_early_is_not_the_end_of_the_input() {
    let on_line = |text: &str| {
        let mut tokens = Tokens::new(text);
        tokens.expect_on_line("a number").unwrap_err()
    };
    // A blank first line, with the header below it.
    let blank = on_line("\n3 4\n");
    assert_eq!((blank.line, blank.column), (1, 1));
    assert_eq!(
        blank.to_string(),
        "line 1, column 1: the line ended, expected a number"
    );
    // Only blank lines follow: the input did end.
    assert!(matches!(
        on_line("\n \n\n").kind,
        ParseErrorKind::UnexpectedEnd { .. }
    ));
    // The last line: the input did end.
    let last = on_line("  \n");
    assert_eq!(
        last.kind,
        ParseErrorKind::UnexpectedEnd {
            expected: "a number".to_owned()
        }
    );
}
