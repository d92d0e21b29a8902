//! What a panic may leave behind, for the app's log and the CLI's last words alike: its message
//! and where it happened, nothing else. A panic's message can hold anything the code formatted
//! into it (an `unwrap` shows the error it found), so it is cut to one short line, and the
//! payload is read only as text (a payload of another type is not shown at all).

use std::fmt;
use std::panic::PanicHookInfo;

/// The longest message kept, in characters: enough for an `expect`'s words and the error
/// behind them, too short for a file's or an answer's content.
pub const MAX_MESSAGE_CHARS: usize = 200;

/// A panic's message (one line, bounded) and its place in the source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PanicNote {
    /// `None` when the payload was not text.
    pub message: Option<String>,
    /// `file:line:column`, when the runtime knows it.
    pub location: Option<String>,
}

impl PanicNote {
    /// The note of the panic a hook is called for.
    pub fn of(info: &PanicHookInfo<'_>) -> PanicNote {
        let payload = info.payload();
        let text = payload
            .downcast_ref::<&str>()
            .copied()
            .or_else(|| payload.downcast_ref::<String>().map(String::as_str));
        PanicNote::new(
            text,
            info.location()
                .map(|at| format!("{}:{}:{}", at.file(), at.line(), at.column())),
        )
    }

    /// A note of `message` at `location`, each cut to one bounded line.
    pub fn new(message: Option<&str>, location: Option<String>) -> PanicNote {
        PanicNote {
            message: message.map(one_line),
            location: location.as_deref().map(one_line),
        }
    }
}

/// `message at file:line:column`, as much as is known.
impl fmt::Display for PanicNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.message, &self.location) {
            (Some(message), Some(location)) => write!(f, "{message} (at {location})"),
            (Some(message), None) => f.write_str(message),
            (None, Some(location)) => write!(f, "at {location}"),
            (None, None) => f.write_str("at an unknown place"),
        }
    }
}

/// `text` on one line (control characters as spaces), at most [`MAX_MESSAGE_CHARS`] characters,
/// with `…` where it was cut.
fn one_line(text: &str) -> String {
    let mut chars = text
        .trim()
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c });
    let mut line: String = chars.by_ref().take(MAX_MESSAGE_CHARS).collect();
    if chars.next().is_some() {
        line.push('…');
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_or_many_line_message_becomes_one_bounded_line() {
        let long = format!("first line\nsecond\tline {}", "x".repeat(500));
        let note = PanicNote::new(Some(&long), Some("src/lib.rs:10:5".to_owned()));
        let message = note.message.as_deref().unwrap();
        assert!(message.starts_with("first line second line x"), "{message}");
        assert_eq!(message.chars().count(), MAX_MESSAGE_CHARS + 1);
        assert!(message.ends_with('…'), "{message}");
        assert!(!note.to_string().contains('\n'));
        assert!(note.to_string().ends_with("(at src/lib.rs:10:5)"));
    }

    #[test]
    fn what_is_not_known_is_said_so() {
        assert_eq!(
            PanicNote::new(Some("boom"), None).to_string(),
            "boom",
            "no location"
        );
        assert_eq!(
            PanicNote::new(None, Some("a.rs:1:2".into())).to_string(),
            "at a.rs:1:2"
        );
        assert_eq!(
            PanicNote::new(None, None).to_string(),
            "at an unknown place"
        );
    }

    #[test]
    fn a_hook_reads_text_payloads_only() {
        use std::sync::{Arc, Mutex};
        let seen = Arc::new(Mutex::new(Vec::new()));
        // Other tests run meanwhile: their panics go to the usual hook.
        let previous = Arc::new(std::panic::take_hook());
        let (notes, others) = (seen.clone(), previous.clone());
        std::panic::set_hook(Box::new(move |info| {
            let note = PanicNote::of(info);
            match note.location.as_deref() {
                Some(at) if at.contains("panic_note.rs:") => notes.lock().unwrap().push(note),
                _ => others(info),
            }
        }));
        let _ = std::panic::catch_unwind(|| panic!("formatted {}", 42));
        let _ = std::panic::catch_unwind(|| std::panic::panic_any(vec![1u8, 2, 3]));
        let _ = std::panic::take_hook();
        if let Ok(previous) = Arc::try_unwrap(previous) {
            std::panic::set_hook(previous);
        }
        let seen = seen.lock().unwrap();
        assert_eq!(seen.len(), 2, "{seen:?}");
        assert_eq!(seen[0].message.as_deref(), Some("formatted 42"));
        assert_eq!(seen[1].message, None, "not text: not shown");
    }
}
