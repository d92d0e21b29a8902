//! Reading a secret (an API key, the proxy's password) for `petstore key set` and
//! `petstore proxy password`. From a terminal it is read without echo (rpassword), after a
//! prompt that says the typing will not show; from a pipe or a file (scripts, tests) it is one
//! line, as it always was. Either way at most [`MAX_SECRET_BYTES`], and every buffer of ours
//! that held it is wiped. Ctrl+C at the prompt gives the terminal its echo back ([`ctrl_c`]).

use std::io::{BufRead, ErrorKind, IsTerminal};

use zeroize::Zeroizing;

use crate::ctrl_c;
use crate::exit::CliError;

/// The longest secret read: far beyond any API key or proxy password, and beyond what the
/// keychains hold (Windows' at most 2560 bytes), so a line longer than this is no secret.
pub const MAX_SECRET_BYTES: usize = 4096;

/// The secret from stdin's terminal without echo (after `prompt` on stderr), or the first line
/// of piped stdin; without its line ending (`\n`, `\r\n`), otherwise as typed.
pub fn read(prompt: &str) -> Result<Zeroizing<String>, CliError> {
    let stdin = std::io::stdin();
    if !stdin.is_terminal() {
        return read_line(stdin.lock());
    }
    eprintln!("{prompt}");
    // The terminal itself (/dev/tty, the console on Windows) with echo off until Enter.
    let watch = ctrl_c::Watch::start();
    let typed = match &watch {
        Some(watch) => watch.during(rpassword::read_password),
        None => rpassword::read_password(),
    };
    let typed = match typed {
        Ok(text) => Zeroizing::new(text),
        // Ctrl+D on an empty line: an empty line, as a pipe that ends at once gives.
        Err(error) if error.kind() == ErrorKind::UnexpectedEof => Zeroizing::new(String::new()),
        Err(error) if error.kind() == ErrorKind::Interrupted => return Err(CliError::Interrupted),
        Err(error) => return Err(CliError::Stdin(error)),
    };
    if typed.len() > MAX_SECRET_BYTES {
        return Err(CliError::SecretTooLong {
            limit: MAX_SECRET_BYTES,
        });
    }
    Ok(typed)
}

/// The first line of `input`, without its line ending, read no further than
/// [`MAX_SECRET_BYTES`] and a line ending.
pub fn read_line(input: impl BufRead) -> Result<Zeroizing<String>, CliError> {
    // Room for the whole bound up front: a buffer that grew would leave copies of the secret
    // in the memory it gave back, which no wipe reaches.
    let mut bytes = Zeroizing::new(Vec::with_capacity(MAX_SECRET_BYTES + 2));
    // The bound, plus `\r\n`: a secret of exactly the bound still ends its line.
    input
        .take(MAX_SECRET_BYTES as u64 + 2)
        .read_until(b'\n', &mut bytes)
        .map_err(CliError::Stdin)?;
    let line_ended = bytes.last() == Some(&b'\n');
    let end = bytes
        .iter()
        .rposition(|b| !matches!(b, b'\r' | b'\n'))
        .map_or(0, |last| last + 1);
    // Longer than the bound, or the bound reached with no line ending yet (more may follow).
    let cut_short = !line_ended && bytes.len() == MAX_SECRET_BYTES + 2;
    if end > MAX_SECRET_BYTES || cut_short {
        return Err(CliError::SecretTooLong {
            limit: MAX_SECRET_BYTES,
        });
    }
    let text = std::str::from_utf8(&bytes[..end]).map_err(|_| {
        CliError::Stdin(std::io::Error::new(
            ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        ))
    })?;
    Ok(Zeroizing::new(text.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(input: &[u8]) -> Result<String, CliError> {
        read_line(input).map(|text| text.as_str().to_owned())
    }

    #[test]
    fn the_first_line_without_its_ending_and_nothing_after_it() {
        assert_eq!(line(b"  secret  \n").unwrap(), "  secret  ");
        assert_eq!(line(b"secret\r\nsecond line\n").unwrap(), "secret");
        assert_eq!(line(b"no line end").unwrap(), "no line end");
        assert_eq!(line(b"").unwrap(), "");
        assert_eq!(line(b"\n").unwrap(), "");
    }

    #[test]
    fn a_line_up_to_the_bound_is_read_and_a_longer_one_refused() {
        let longest = "k".repeat(MAX_SECRET_BYTES);
        assert_eq!(line(format!("{longest}\r\n").as_bytes()).unwrap(), longest);
        assert_eq!(line(longest.as_bytes()).unwrap(), longest);
        assert_eq!(line(format!("{longest}\r").as_bytes()).unwrap(), longest);
        for over in [
            format!("{longest}k\n"),
            format!("{longest}k"),
            format!("{longest}kk\r\n"),
            "k".repeat(10 * MAX_SECRET_BYTES),
        ] {
            assert!(
                matches!(
                    line(over.as_bytes()),
                    Err(CliError::SecretTooLong {
                        limit: MAX_SECRET_BYTES
                    })
                ),
                "{} bytes",
                over.len()
            );
        }
    }

    #[test]
    fn text_that_is_not_utf8_is_a_read_failure() {
        assert!(matches!(
            line(b"\xff\xfe\n"),
            Err(CliError::Stdin(error)) if error.kind() == ErrorKind::InvalidData
        ));
    }
}
