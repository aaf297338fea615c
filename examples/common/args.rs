//! Command-line arguments for the example programs.

/// The program's arguments (without its name) as UTF-8 strings; an argument that is not
/// UTF-8 is reported on one line on standard error and the program exits with status 2.
#[expect(
    clippy::unnecessary_debug_formatting,
    reason = "the escapes show which bytes are not UTF-8"
)]
pub fn utf8_or_exit(program: &str) -> Vec<String> {
    std::env::args_os()
        .skip(1)
        .map(|arg| {
            arg.into_string().unwrap_or_else(|bad| {
                eprintln!("{program}: argument {bad:?} is not valid UTF-8");
                std::process::exit(2)
            })
        })
        .collect()
}
