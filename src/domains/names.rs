//! Enums named by words (`keys`, `plain`, `line`, ...) on command lines and in reports:
//! `word_names!`, one definition of how their names are written, read and refused.

/// `Display` and `FromStr` for an enum of unit variants named by words, and the error type
/// for a word that names none of them (`pub struct $error(pub String)`, whose message is
/// `unknown $what "word": expected $expected`).
///
/// `words` lists the names for the docs of `Display` and `FromStr` (`` `keys` or
/// `moves` ``); the doc comments before `error` document the error type.
macro_rules! word_names {
    (
        $ty:ident { $($variant:ident = $name:literal),+ $(,)? }
        words: $words:literal,
        $(#[$error_doc:meta])*
        error: $error:ident($what:literal, expected: $expected:literal)
    ) => {
        impl ::core::fmt::Display for $ty {
            #[doc = concat!(
                $words, ", as [`", stringify!($ty), "::from_str`](core::str::FromStr::from_str) reads them."
            )]
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(match self {
                    $($ty::$variant => $name,)+
                })
            }
        }

        impl ::core::str::FromStr for $ty {
            type Err = $error;

            #[doc = concat!($words, ".")]
            fn from_str(name: &str) -> Result<Self, $error> {
                match name {
                    $($name => Ok($ty::$variant),)+
                    _ => Err($error(name.to_owned())),
                }
            }
        }

        $(#[$error_doc])*
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct $error(pub String);

        impl ::core::fmt::Display for $error {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                write!(f, concat!("unknown ", $what, " {:?}: expected ", $expected), self.0)
            }
        }

        impl ::std::error::Error for $error {}
    };
}

pub(crate) use word_names;
