//! The `.scen` format: the benchmark's start and goal pairs with their optimal lengths.

use core::fmt;

use crate::error::ParseError;
use crate::grid::Pos;
use crate::text::{Token, Tokens};

use super::{OctileCost, OctileMap};

/// The value of √2 with which the program that made the Moving AI scenario files
/// computed their optimal lengths: 1.414213562, √2 cut after 9 decimals (√2 =
/// 1.41421356237...).
///
/// A path of `a` straight and `b` diagonal steps is printed as `a + b·1.414213562`
/// computed in `f64` and rounded to the file's precision, not as its exact length `a +
/// b·√2`: the two differ by `b·3.7·10^-10`, which exceeds half a unit of the 8th decimal
/// from 14 diagonal steps on. [`PrintedLength::matches_cost`] compares with the former.
///
/// # Examples
///
/// ```
/// use state_search::domains::movingai::PUBLISHED_SQRT_2;
///
/// assert!(PUBLISHED_SQRT_2 < core::f64::consts::SQRT_2);
/// assert_eq!(format!("{:.8}", 19.0 + 43.0 * PUBLISHED_SQRT_2), "79.81118317");
/// assert_eq!(format!("{:.8}", 19.0 + 43.0 * core::f64::consts::SQRT_2), "79.81118318");
/// ```
#[expect(
    clippy::approx_constant,
    reason = "the files' own cut value of sqrt(2), not the constant"
)]
pub const PUBLISHED_SQRT_2: f64 = 1.414_213_562;

/// One problem of a Moving AI scenario file: a start and a goal on a map, and the length
/// of an optimal path between them as the file prints it.
///
/// Read by [`Scenario::parse_list`] (or [`Scenario::parse_list_for`], which also checks
/// the scenarios against their map) from the format of the
/// [module docs](super#the-scenario-format). The file's `x` is a column and its `y` a
/// row, so `start_x start_y` is `Pos::new(start_y, start_x)`.
///
/// # Examples
///
/// ```
/// use state_search::domains::movingai::Scenario;
/// use state_search::grid::Pos;
///
/// let text = "version 1\n3\tarena.map\t49\t49\t1\t11\t1\t14\t3.00000000\n";
/// let scenarios = Scenario::parse_list(text)?;
/// let first = &scenarios[0];
/// assert_eq!((first.bucket, first.map.as_str()), (3, "arena.map"));
/// assert_eq!((first.map_width, first.map_height), (49, 49));
/// assert_eq!((first.start, first.goal), (Pos::new(11, 1), Pos::new(14, 1)));
/// assert_eq!(first.optimal.text(), "3.00000000");
/// # Ok::<(), state_search::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// The bucket: scenarios of one bucket have optimal lengths in one band (for the
    /// current files, `bucket = floor(length / 4)`).
    pub bucket: u32,
    /// The map's name as the file writes it: a file name (`den602d.map`) or a path
    /// (`maps/dao/brc202d.map`).
    pub map: String,
    /// The map's width (columns), as the file gives it.
    pub map_width: u32,
    /// The map's height (rows), as the file gives it.
    pub map_height: u32,
    /// The start cell: `Pos::new(start_y, start_x)`.
    pub start: Pos,
    /// The goal cell: `Pos::new(goal_y, goal_x)`.
    pub goal: Pos,
    /// The length of an optimal path, as printed.
    pub optimal: PrintedLength,
}

/// A path length as a scenario file prints it: a decimal number, kept as written so that
/// a computed length can be compared within the file's printed precision.
///
/// The current Moving AI files print 8 decimals (`1062.70057678`); older ones print 2
/// (`244.01`) or 6 significant digits (`1005.74`, `2.82843`, with trailing zeros
/// dropped). Half a unit of the last printed digit, [`PrintedLength::tolerance`], bounds
/// the rounding of every one of them. The files computed their lengths with √2 cut short
/// ([`PUBLISHED_SQRT_2`]): compare a path's [`OctileCost`] with
/// [`PrintedLength::matches_cost`], which does the same.
///
/// # Examples
///
/// ```
/// use state_search::Cost;
/// use state_search::domains::movingai::{OctileCost, PrintedLength};
///
/// let length = PrintedLength::parse("1005.74").unwrap();
/// assert_eq!((length.text(), length.decimals()), ("1005.74", 2));
/// assert_eq!(length.significant_digits(), 6);
/// assert!(length.matches(1005.7378) && !length.matches(1005.7349));
/// // 19 straight and 43 diagonal steps: 79.811183182 exactly, printed 79.81118317.
/// let printed = PrintedLength::parse("79.81118317").unwrap();
/// let cost = OctileCost::new(19, 43);
/// assert!(printed.matches_cost(cost) && !printed.matches(cost.to_f64().unwrap()));
/// assert!(PrintedLength::parse("1e3").is_none());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct PrintedLength {
    text: String,
    value: f64,
    decimals: u32,
}

impl PrintedLength {
    /// The length printed as `text`: digits, optionally a point and more digits; `None`
    /// for anything else (a sign, an exponent, a lone point).
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if whole.is_empty() || !digits(whole) || !digits(fraction) {
            return None;
        }
        if text.contains('.') && fraction.is_empty() {
            return None;
        }
        Some(Self {
            text: text.to_owned(),
            value: text.parse().ok()?,
            decimals: u32::try_from(fraction.len()).ok()?,
        })
    }

    /// The text as printed.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The value, the `f64` nearest to the text.
    #[must_use]
    pub fn value(&self) -> f64 {
        self.value
    }

    /// The number of digits after the point (0 without a point).
    #[must_use]
    pub fn decimals(&self) -> u32 {
        self.decimals
    }

    /// The number of significant digits printed: the digits without the leading zeros
    /// (`0.25` has 2, `1005.74` has 6; `0` has 1).
    #[must_use]
    pub fn significant_digits(&self) -> u32 {
        let digits = self.text.bytes().filter(u8::is_ascii_digit);
        let significant = digits.skip_while(|&b| b == b'0').count();
        u32::try_from(significant.max(1)).unwrap_or(u32::MAX)
    }

    /// Half a unit of the last printed digit: `0.5 · 10^-decimals`. A length printed
    /// rounded to that digit is within this of the exact length.
    #[must_use]
    pub fn tolerance(&self) -> f64 {
        0.5 * 10f64.powi(-i32::try_from(self.decimals).unwrap_or(i32::MAX))
    }

    /// Whether `length` rounds to the printed text: it is within [`tolerance`] of
    /// [`value`] (with a relative allowance of 10^-12 for the rounding of `f64`s).
    ///
    /// [`tolerance`]: PrintedLength::tolerance
    /// [`value`]: PrintedLength::value
    #[must_use]
    pub fn matches(&self, length: f64) -> bool {
        let slack = 1e-12 * self.value.abs().max(length.abs());
        (length - self.value).abs() <= self.tolerance() + slack
    }

    /// Whether a path of cost `cost` has the printed length, computed as the benchmark's
    /// program computed it: `a + b·1.414213562` ([`PUBLISHED_SQRT_2`]) in `f64` for `a`
    /// straight and `b` diagonal steps, within [`tolerance`](PrintedLength::tolerance) of
    /// the printed value ([`PrintedLength::matches`]). A length printed with at most 6
    /// significant digits (the older files, which computed in single precision) may
    /// instead be `a + b·√2` with √2 rounded to `f32` (1.41421354): on `brc202d`, 19 of
    /// 2,519 lengths such as `410.764` (275 straight and 96 diagonal steps, exactly
    /// 410.7645020) are printed from that one.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::movingai::{OctileCost, Scenario};
    ///
    /// let line = "102\tbrc202d.map\t530\t481\t101\t239\t372\t65\t410.764\n";
    /// let scenario = &Scenario::parse_list(&format!("version 1\n{line}"))?[0];
    /// assert!(scenario.optimal.matches_cost(OctileCost::new(275, 96)));
    /// assert!(!scenario.optimal.matches_cost(OctileCost::new(276, 96)));
    /// # Ok::<(), state_search::ParseError>(())
    /// ```
    #[must_use]
    pub fn matches_cost(&self, cost: OctileCost) -> bool {
        self.matches(published_length(cost, PUBLISHED_SQRT_2))
            || (self.significant_digits() <= 6
                && self.matches(published_length(cost, f64::from(core::f32::consts::SQRT_2))))
    }
}

/// The length the benchmark's program computes for `cost` with `sqrt_2`: `a + b·sqrt_2`
/// in `f64`.
fn published_length(cost: OctileCost, sqrt_2: f64) -> f64 {
    f64::from(cost.straight()) + f64::from(cost.diagonal()) * sqrt_2
}

impl fmt::Display for PrintedLength {
    /// The text as printed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl Scenario {
    /// Reads a scenario file in the format of the [module docs](super#the-scenario-format):
    /// the line `version 1` (or `version 1.0`), then one scenario per line, its nine
    /// fields separated by tabs or spaces. Blank lines are skipped; lines may end in
    /// `\r\n`. Each start and goal must lie within the width and height its line gives.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] at the first fault, naming its line and column (1-based):
    /// `Invalid` for a missing `version` line, a version other than `1` or `1.0`, a field
    /// that is not a number of its kind (a width or height of 0 included), a start or goal
    /// outside the width and height of its line, or a tenth field; `LineEnded` (or
    /// `UnexpectedEnd` on the last line) for a line with fewer than nine fields.
    ///
    /// # Complexity
    ///
    /// O(length of `text`).
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::movingai::Scenario;
    /// use state_search::ParseErrorKind;
    ///
    /// let text = "version 1.0\n0 maps/m.map 4 4 0 0 3 3 4.24\n";
    /// assert_eq!(Scenario::parse_list(text)?[0].optimal.decimals(), 2);
    /// let error = Scenario::parse_list("version 2\n").unwrap_err();
    /// assert_eq!((error.line, error.column), (1, 9));
    /// # Ok::<(), state_search::ParseError>(())
    /// ```
    pub fn parse_list(text: &str) -> Result<Vec<Scenario>, ParseError> {
        read_list(text, None)
    }

    /// [`Scenario::parse_list`], and each scenario checked against `map`: its width and
    /// height are the map's, so that its start and goal lie on the map.
    ///
    /// # Errors
    ///
    /// As [`Scenario::parse_list`], and `Invalid` at a width or height that is not
    /// `map`'s.
    ///
    /// # Examples
    ///
    /// ```
    /// use state_search::domains::movingai::{OctileMap, Scenario};
    ///
    /// let map = OctileMap::parse("type octile\nheight 2\nwidth 3\nmap\n...\n...\n")?;
    /// let fits = Scenario::parse_list_for("version 1\n0 m.map 3 2 2 1 0 0 2.41421356\n", &map)?;
    /// assert_eq!(fits.len(), 1);
    /// let error = Scenario::parse_list_for("version 1\n0 m.map 3 3 2 2 0 0 2.8\n", &map).unwrap_err();
    /// assert_eq!((error.line, error.column), (2, 11)); // the height 3
    /// # Ok::<(), state_search::ParseError>(())
    /// ```
    pub fn parse_list_for(text: &str, map: &OctileMap) -> Result<Vec<Scenario>, ParseError> {
        read_list(text, Some(map))
    }
}

/// The scenarios of `text`, their sizes checked against `map` when there is one.
fn read_list(text: &str, map: Option<&OctileMap>) -> Result<Vec<Scenario>, ParseError> {
    let mut tokens = Tokens::new(text);
    let version = tokens.expect("the line `version 1`")?;
    if version.text != "version" {
        return Err(version.invalid("the line `version 1`"));
    }
    let number = tokens.expect_on_line("the version `1` or `1.0`")?;
    if !matches!(number.text, "1" | "1.0") {
        return Err(number.invalid("the version `1` or `1.0`"));
    }
    tokens.expect_end_of_line("the end of the line `version 1`")?;
    let mut scenarios = Vec::new();
    while let Some(first) = tokens.token() {
        scenarios.push(read_scenario(first, &mut tokens, map)?);
    }
    Ok(scenarios)
}

/// The scenario of the line that starts with the token `first`; the cursor moves to the
/// next line.
fn read_scenario(
    first: Token<'_>,
    tokens: &mut Tokens<'_>,
    map: Option<&OctileMap>,
) -> Result<Scenario, ParseError> {
    let bucket = first.number("the bucket (a whole number)")?;
    let name = tokens.expect_on_line("the map's name")?.text.to_owned();
    let width = dimension(tokens, "the map width", map.map(OctileMap::width))?;
    let height = dimension(tokens, "the map height", map.map(OctileMap::height))?;
    let start = cell(tokens, "start", width, height)?;
    let goal = cell(tokens, "goal", width, height)?;
    let what = "the optimal length (a decimal number such as 12.5)";
    let length = tokens.expect_on_line(what)?;
    let optimal = PrintedLength::parse(length.text).ok_or_else(|| length.invalid(what))?;
    tokens.expect_end_of_line("the end of the scenario line (9 fields)")?;
    Ok(Scenario {
        bucket,
        map: name,
        map_width: width,
        map_height: height,
        start,
        goal,
        optimal,
    })
}

/// A width or height: a positive integer, `wanted` when there is a map to check against.
fn dimension(tokens: &mut Tokens<'_>, what: &str, wanted: Option<u32>) -> Result<u32, ParseError> {
    let token = tokens.expect_on_line(what)?;
    match wanted {
        Some(wanted) => token.number_in(what, wanted..=wanted),
        None => token.number_in(what, 1..=u32::MAX),
    }
}

/// The cell `x y` of the `which` end (`start`, `goal`), within `width` x `height`.
fn cell(tokens: &mut Tokens<'_>, which: &str, width: u32, height: u32) -> Result<Pos, ParseError> {
    let x = tokens.expect_on_line(&format!("the {which} x (a column)"))?;
    let x = x.number_in(&format!("the {which} x (a column)"), 0..=width - 1)?;
    let y = tokens.expect_on_line(&format!("the {which} y (a row)"))?;
    let y = y.number_in(&format!("the {which} y (a row)"), 0..=height - 1)?;
    Ok(Pos::new(y, x))
}
