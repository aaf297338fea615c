//! The one spelling of every strategy: [`Display`](fmt::Display) writes it,
//! [`FromStr`] reads it; parameters follow a colon (`wastar:1.5`, `beam:100`), or the
//! equals sign of a named one (`astar:tie=low-g`).

use core::fmt;
use core::num::NonZeroUsize;
use core::str::FromStr;

use super::{Parameter, Strategy, StrategyInfo, Tie};
use crate::queue::TIE_EXPECTED;

/// The weight of a weighted strategy (`wastar:W`, `focal:W`, `ees:W`, `dps:W`, `anytime:W`,
/// `arastar:W`): a decimal number
/// of at least 1, such as `1.5`, kept exactly as written (up to six decimals).
///
/// # Examples
///
/// ```
/// use state_search::strategy::Weight;
///
/// let w: Weight = "1.25".parse()?;
/// assert_eq!(w.get(), 1.25);
/// assert_eq!(w.to_string(), "1.25");
/// assert_eq!("2.50".parse::<Weight>()?.to_string(), "2.5");
/// assert!("0.5".parse::<Weight>().is_err());
/// # Ok::<(), state_search::ParseStrategyError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Weight {
    /// The weight times one million.
    millionths: u64,
}

impl Weight {
    /// The weight 1: the strategy is optimal.
    pub const ONE: Weight = Weight {
        millionths: 1_000_000,
    };

    /// The weight 2.
    pub const TWO: Weight = Weight {
        millionths: 2_000_000,
    };

    /// The weight `numerator / 1_000_000`, if it is at least 1.
    #[must_use]
    pub const fn from_millionths(millionths: u64) -> Option<Weight> {
        if millionths >= 1_000_000 {
            Some(Weight { millionths })
        } else {
            None
        }
    }

    /// The weight times one million.
    pub(crate) const fn millionths(self) -> u64 {
        self.millionths
    }

    /// Whether this is the weight 1.
    pub(super) const fn is_one(self) -> bool {
        self.millionths == Weight::ONE.millionths
    }

    /// The weight as a number.
    #[must_use]
    #[expect(
        clippy::cast_precision_loss,
        reason = "weights are small decimals, exact in f64"
    )]
    pub fn get(self) -> f64 {
        self.millionths as f64 / 1e6
    }
}

impl fmt::Display for Weight {
    /// The decimal, without trailing zeros: `2`, `1.5`, `1.25`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (whole, mut fraction) = (self.millionths / 1_000_000, self.millionths % 1_000_000);
        if fraction == 0 {
            return write!(f, "{whole}");
        }
        let mut digits = 6;
        while fraction % 10 == 0 {
            fraction /= 10;
            digits -= 1;
        }
        write!(f, "{whole}.{fraction:0digits$}")
    }
}

impl FromStr for Weight {
    type Err = ParseStrategyError;

    /// A decimal of at least 1 with at most six decimals: `2`, `1.5`.
    fn from_str(text: &str) -> Result<Self, ParseStrategyError> {
        let bad = || {
            ParseStrategyError::parameter(
                text,
                "a weight is a decimal of at least 1 with at most six decimals",
            )
        };
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        if whole.is_empty()
            || fraction.len() > 6
            || !whole.bytes().all(|b| b.is_ascii_digit())
            || !fraction.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(bad());
        }
        let whole: u64 = whole.parse().map_err(|_| bad())?;
        let mut millionths: u64 = 0;
        for (i, digit) in fraction.bytes().enumerate() {
            millionths += u64::from(digit - b'0') * 10u64.pow(5 - u32::try_from(i).unwrap_or(5));
        }
        whole
            .checked_mul(1_000_000)
            .and_then(|w| w.checked_add(millionths))
            .and_then(Weight::from_millionths)
            .ok_or_else(bad)
    }
}

/// The spellings of the strategies of the `parallel` feature (`par-idastar`, `par-bfs`,
/// `hda`): the names a parse without the feature refuses as needing the feature rather
/// than as unknown (with it, a test holds them to the table).
#[cfg(any(test, not(feature = "parallel")))]
const PARALLEL_NAMES: [&str; 3] = ["par-idastar", "par-bfs", "hda"];

/// What a spelling with a parameter has before the parameter: the pattern without its
/// letter (`wastar:` of `wastar:W`, `astar:tie=` of `astar:tie=T`).
fn stem(info: &StrategyInfo, parameter: Parameter) -> &'static str {
    info.pattern
        .strip_suffix(parameter.letter())
        .unwrap_or(info.pattern)
}

impl Strategy {
    /// Writes the spelling to `out`.
    fn spell(&self, out: &mut impl fmt::Write) -> fmt::Result {
        let info = self.info();
        let Some(parameter) = info.parameter else {
            return out.write_str(info.name);
        };
        out.write_str(stem(&info, parameter))?;
        match (self.weight(), self.width(), self.tie()) {
            (Some(w), _, _) => write!(out, "{w}"),
            (_, Some(width), _) => write!(out, "{width}"),
            (_, _, Some(tie)) => out.write_str(tie.name()),
            _ => Ok(()),
        }
    }
}

impl fmt::Display for Strategy {
    /// The spelling; a width, alignment and precision (`{:12}`, `{:>12}`, `{:.3}`) pad
    /// or truncate it as they do a `str`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.width().is_none() && f.precision().is_none() {
            return self.spell(f);
        }
        let mut spelling = String::new();
        self.spell(&mut spelling)?;
        f.pad(&spelling)
    }
}

impl FromStr for Strategy {
    type Err = ParseStrategyError;

    /// A spelling from the table of [`Strategy`]. A parameter that makes the strategy
    /// another row's reads as that row's strategy: `astar:tie=high-g` is `astar`,
    /// [`Strategy::AStar`].
    fn from_str(name: &str) -> Result<Self, ParseStrategyError> {
        let every = Strategy::ALL.into_iter();
        #[cfg(feature = "parallel")]
        let every = every.chain(Strategy::PARALLEL);
        let mut with_parameter = None;
        for strategy in every {
            let info = strategy.info();
            match info.parameter {
                None if info.name == name => return Ok(strategy),
                Some(parameter) => {
                    if let Some(text) = name.strip_prefix(stem(&info, parameter)) {
                        with_parameter = Some((strategy, text));
                    } else if info.name == name {
                        // A name whose parameter is missing: say which parameter.
                        return Err(ParseStrategyError::missing(name, parameter, strategy));
                    }
                }
                None => {}
            }
        }
        #[cfg(not(feature = "parallel"))]
        if PARALLEL_NAMES.contains(&name) {
            return Err(ParseStrategyError {
                name: name.to_owned(),
                problem: Problem::Feature("parallel"),
            });
        }
        let unknown = || ParseStrategyError {
            name: name.to_owned(),
            problem: Problem::Unknown,
        };
        let Some((strategy, parameter)) = with_parameter else {
            return Err(unknown());
        };
        let in_name = |error: ParseStrategyError| ParseStrategyError {
            name: name.to_owned(),
            ..error
        };
        match strategy.info().parameter {
            Some(Parameter::Weight) => parameter
                .parse::<Weight>()
                .map(|w| strategy.with_weight(w))
                .map_err(in_name),
            Some(Parameter::Tie) => parameter
                .parse::<Tie>()
                .map(|tie| strategy.with_tie(tie).canonical())
                .map_err(|_| ParseStrategyError::parameter(name, TIE_EXPECTED)),
            _ => parameter
                .parse::<NonZeroUsize>()
                .map(|width| strategy.with_width(width))
                .map_err(|_| {
                    ParseStrategyError::parameter(
                        name,
                        "a beam width is a whole number of at least 1",
                    )
                }),
        }
    }
}

/// What is wrong with a strategy name.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Problem {
    /// No strategy has this spelling.
    Unknown,
    /// The parameter after the colon is not valid: why.
    Parameter(&'static str),
    /// The parameter is missing: which, and a strategy that has one.
    Missing(Parameter, Strategy),
    /// The strategy exists, behind a cargo feature of the crate that is off: its name.
    #[cfg(not(feature = "parallel"))]
    Feature(&'static str),
}

/// A name that is not the spelling of any [`Strategy`], or whose parameter is not valid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseStrategyError {
    /// The name given.
    pub name: String,
    problem: Problem,
}

impl ParseStrategyError {
    /// Whether no strategy has the name's spelling (rather than a known strategy with a
    /// parameter that is not valid, as in `wastar:0.5`).
    #[must_use]
    pub fn is_unknown(&self) -> bool {
        self.problem == Problem::Unknown
    }

    fn missing(name: &str, parameter: Parameter, example: Strategy) -> Self {
        Self {
            name: name.to_owned(),
            problem: Problem::Missing(parameter, example),
        }
    }

    fn parameter(name: &str, why: &'static str) -> Self {
        Self {
            name: name.to_owned(),
            problem: Problem::Parameter(why),
        }
    }
}

impl fmt::Display for ParseStrategyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.problem {
            Problem::Parameter(why) => {
                return write!(f, "invalid strategy {:?}: {why}", self.name);
            }
            Problem::Missing(parameter, example) => {
                return write!(
                    f,
                    "invalid strategy {:?}: it needs {}, as in `{example}`",
                    self.name,
                    parameter.what()
                );
            }
            #[cfg(not(feature = "parallel"))]
            Problem::Feature(feature) => {
                return write!(
                    f,
                    "strategy {:?} needs the crate's `{feature}` feature, which is off",
                    self.name
                );
            }
            Problem::Unknown => {}
        }
        write!(f, "unknown strategy {:?}: expected one of ", self.name)?;
        for (i, strategy) in Strategy::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(strategy.pattern())?;
        }
        #[cfg(feature = "parallel")]
        for strategy in Strategy::PARALLEL {
            write!(f, ", {}", strategy.pattern())?;
        }
        Ok(())
    }
}

impl std::error::Error for ParseStrategyError {}

impl Strategy {
    /// The spelling's pattern: the spelling itself, or for a strategy with a parameter,
    /// its stem and the parameter's name (`wastar:W`, `beam:K`). Two strategies with the
    /// same pattern differ at most in their parameter, so a program can offer a family
    /// of strategies by pattern.
    ///
    /// ```
    /// use state_search::Strategy;
    ///
    /// let strategy: Strategy = "wastar:1.5".parse()?;
    /// assert_eq!(strategy.pattern(), "wastar:W");
    /// assert_eq!(Strategy::AStar.pattern(), "astar");
    /// # Ok::<(), state_search::ParseStrategyError>(())
    /// ```
    #[must_use]
    pub fn pattern(self) -> &'static str {
        self.info().pattern
    }
}

#[cfg(test)]
mod tests {
    /// A parallel strategy's name without the `parallel` feature says which feature it
    /// needs, not that the name is unknown.
    #[cfg(not(feature = "parallel"))]
    #[test]
    fn a_parallel_name_without_the_feature_names_the_feature() {
        for name in ["par-idastar", "par-bfs", "hda"] {
            let error = name.parse::<super::Strategy>().unwrap_err();
            assert_eq!(
                error.to_string(),
                format!("strategy {name:?} needs the crate's `parallel` feature, which is off")
            );
        }
    }

    use super::*;

    /// The error of parsing `name`, which must be refused and named in it.
    fn refused(name: &str) -> ParseStrategyError {
        let error = name.parse::<Strategy>().unwrap_err();
        assert_eq!(error.name, name);
        error
    }

    #[test]
    fn every_spelling_reads_back_as_its_strategy() {
        for strategy in Strategy::ALL {
            assert_eq!(strategy.to_string().parse::<Strategy>(), Ok(strategy));
        }
        for name in [
            "wastar:1.5",
            "focal:2",
            "anytime:1.25",
            "beam:100",
            "astar:tie=newest",
        ] {
            assert_eq!(name.parse::<Strategy>().unwrap().to_string(), name);
        }
    }

    #[cfg(feature = "parallel")]
    #[test]
    fn the_parallel_strategies_are_spelled_and_listed_though_not_in_all() {
        let named = [
            ("par-idastar", Strategy::ParIdaStar),
            ("par-bfs", Strategy::ParBfs),
            ("hda", Strategy::Hda),
        ];
        for (name, expected) in named {
            let strategy: Strategy = name.parse().unwrap();
            assert_eq!(strategy, expected);
            assert_eq!(strategy.to_string(), name);
            assert!(!Strategy::ALL.contains(&strategy), "{name}");
            assert!(Strategy::PARALLEL.contains(&strategy), "{name}");
        }
        assert_eq!(Strategy::Hda.pattern(), "hda");
        assert!(Strategy::Hda.is_optimal() && Strategy::Hda.uses_heuristic());
        let message = "nope".parse::<Strategy>().unwrap_err().to_string();
        assert!(
            message.ends_with(", mm, nbs, bae, par-idastar, par-bfs, hda"),
            "{message}"
        );
    }

    #[cfg(feature = "parallel")]
    #[test]
    fn the_parallel_names_are_the_table_s() {
        let names = Strategy::PARALLEL.map(|s| s.info().name);
        assert_eq!(names, PARALLEL_NAMES);
    }

    #[test]
    fn an_unknown_name_lists_the_spellings() {
        let error = refused("dijsktra");
        let message = error.to_string();
        assert!(message.contains("\"dijsktra\""), "{message}");
        assert!(message.contains("dijkstra:radix, astar"), "{message}");
        assert!(
            message.contains("wastar:W") && message.contains("beam:K"),
            "{message}"
        );
    }

    #[test]
    fn bad_parameters_say_what_a_parameter_is() {
        for name in [
            "wastar:0.9",
            "wastar:",
            "focal:x",
            "beam:0",
            "beam:-1",
            "wastar:1.1234567",
        ] {
            let error = refused(name);
            assert!(error.to_string().starts_with("invalid strategy"), "{error}");
        }
        let error = refused("wastar:1.1234567");
        assert!(
            error.to_string().contains("at most six decimals"),
            "{error}"
        );
        // A stem without its parameter names the parameter, not "unknown".
        for (name, needs) in [
            ("wastar", "weight"),
            ("focal", "weight"),
            ("anytime", "weight"),
            ("beam", "width"),
        ] {
            let error = refused(name);
            assert!(!error.is_unknown(), "{error}");
            assert!(error.to_string().contains(&format!("`{name}:")), "{error}");
            assert!(error.to_string().contains(needs), "{error}");
        }
    }

    /// `astar:tie=T` for the rules but the default, which is `astar`'s and reads as
    /// `astar`; a missing or unknown rule says what a tie rule is.
    #[test]
    fn tie_rules_are_spelled_after_an_equals_sign() {
        for tie in [Tie::LowG, Tie::Newest, Tie::Oldest] {
            let strategy = Strategy::AStarTie(tie);
            let spelled = format!("astar:tie={tie}");
            assert_eq!(strategy.to_string(), spelled);
            assert_eq!(spelled.parse::<Strategy>(), Ok(strategy));
            assert_eq!(strategy.pattern(), "astar:tie=T");
        }
        assert_eq!("astar:tie=high-g".parse::<Strategy>(), Ok(Strategy::AStar));
        assert_eq!(Strategy::AStarTie(Tie::HighG).to_string(), "astar");
        assert_eq!(Strategy::AStarTie(Tie::HighG).pattern(), "astar");
        let missing = refused("astar:tie");
        assert!(!missing.is_unknown());
        assert_eq!(
            missing.to_string(),
            "invalid strategy \"astar:tie\": it needs a tie rule, as in `astar:tie=low-g`"
        );
        for bad in [
            "astar:tie=",
            "astar:tie=low",
            "astar:tie=LOW-G",
            "astar:tie=low-g ",
        ] {
            assert_eq!(
                refused(bad).to_string(),
                format!("invalid strategy {bad:?}: a tie rule is high-g, low-g, newest or oldest")
            );
        }
        for unknown in ["astar:low-g", "astar:tie:low-g", "astar-tie=low-g"] {
            assert!(refused(unknown).is_unknown(), "{unknown}");
        }
    }

    #[test]
    fn a_width_pads_the_spelling() {
        assert_eq!(format!("{:8}|", Strategy::Bfs), "bfs     |");
        assert_eq!(
            format!("{:>12}|", Strategy::Focal(Weight::TWO)),
            "     focal:2|"
        );
        assert_eq!(
            format!("{:-<8}", Strategy::Beam(NonZeroUsize::MIN)),
            "beam:1--"
        );
        assert_eq!(format!("{:.4}", Strategy::AStar), "asta");
    }

    #[test]
    fn weights_are_exact_decimals() {
        let w = |text: &str| text.parse::<Weight>().unwrap();
        assert_eq!(w("1.5"), w("1.50"));
        assert_eq!(w("3").to_string(), "3");
        assert_eq!(w("1.000001").to_string(), "1.000001");
        assert!(w("1.2") < w("1.25"));
    }
}
