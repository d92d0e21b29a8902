//! How much of an answer the client reads: one place, so the reading and the message agree.
//!
//! A broken upstream that streams without end must fail the call, not fill the memory (the CLI
//! once grew past 800 MiB before failing; the app would then push it all over IPC).

use serde::{Deserialize, Serialize};

/// A success body: a page of at most 100 pets, or one pet. A pet is a few hundred bytes even
/// with generous extra fields; 8 MiB leaves room for far more and is still no threat to memory.
pub const MAX_SUCCESS_BODY_BYTES: u64 = 8 * 1024 * 1024;

/// An error body: only its `code`, its `message` and a short snippet are ever used.
pub const MAX_ERROR_BODY_BYTES: u64 = 64 * 1024;

/// The cap for an answer with this status.
pub fn body_cap(status: u16) -> u64 {
    if (200..300).contains(&status) {
        MAX_SUCCESS_BODY_BYTES
    } else {
        MAX_ERROR_BODY_BYTES
    }
}

/// A number of bytes in the unit a person reads it in: whole mebibytes or kibibytes when it is a
/// whole number of them, else bytes. The one place the unit is chosen: the CLI words it, the app
/// sends it to its UI, which words the number and the unit in the language on screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ByteSize {
    /// How many of `unit`.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub value: u64,
    pub unit: ByteUnit,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum ByteUnit {
    Bytes,
    Kib,
    Mib,
}

impl ByteSize {
    pub fn of(bytes: u64) -> ByteSize {
        const KIB: u64 = 1024;
        const MIB: u64 = 1024 * KIB;
        let (value, unit) = match bytes {
            b if b >= MIB && b % MIB == 0 => (b / MIB, ByteUnit::Mib),
            b if b >= KIB && b % KIB == 0 => (b / KIB, ByteUnit::Kib),
            b => (b, ByteUnit::Bytes),
        };
        ByteSize { value, unit }
    }
}

/// `8 MiB`, `64 KiB`, `1000 bytes`: for the log and the client's own messages.
impl std::fmt::Display for ByteSize {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let value = self.value;
        match self.unit {
            ByteUnit::Mib => write!(f, "{value} MiB"),
            ByteUnit::Kib => write!(f, "{value} KiB"),
            ByteUnit::Bytes => write!(f, "{value} bytes"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caps_by_status_and_their_names() {
        assert_eq!(body_cap(200), MAX_SUCCESS_BODY_BYTES);
        assert_eq!(body_cap(201), MAX_SUCCESS_BODY_BYTES);
        for status in [302, 400, 429, 503] {
            assert_eq!(body_cap(status), MAX_ERROR_BODY_BYTES, "{status}");
        }
        let human = |bytes| ByteSize::of(bytes).to_string();
        assert_eq!(human(MAX_SUCCESS_BODY_BYTES), "8 MiB");
        assert_eq!(human(MAX_ERROR_BODY_BYTES), "64 KiB");
        assert_eq!(human(1000), "1000 bytes");
        assert_eq!(human(0), "0 bytes");
    }

    /// The unit the CLI and the UI word a size in (the UI's own tests had these cases).
    #[test]
    fn a_size_is_in_whole_mebibytes_kibibytes_or_bytes() {
        let size = |value, unit| ByteSize { value, unit };
        assert_eq!(ByteSize::of(8 * 1024 * 1024), size(8, ByteUnit::Mib));
        assert_eq!(
            ByteSize::of(16 * 1024 * 1024 + 1),
            size(16 * 1024 * 1024 + 1, ByteUnit::Bytes)
        );
        assert_eq!(ByteSize::of(2 * 1024 * 1024), size(2, ByteUnit::Mib));
        assert_eq!(ByteSize::of(1024 * 1024), size(1, ByteUnit::Mib));
        assert_eq!(ByteSize::of(1536 * 1024), size(1536, ByteUnit::Kib));
        assert_eq!(ByteSize::of(64 * 1024), size(64, ByteUnit::Kib));
        assert_eq!(ByteSize::of(2560), size(2560, ByteUnit::Bytes));
        assert_eq!(ByteSize::of(1500), size(1500, ByteUnit::Bytes));
        assert_eq!(ByteSize::of(1000), size(1000, ByteUnit::Bytes));
        assert_eq!(ByteSize::of(0), size(0, ByteUnit::Bytes));
        assert_eq!(
            serde_json::to_value(ByteSize::of(8 * 1024 * 1024)).expect("json"),
            serde_json::json!({"value": 8, "unit": "mib"})
        );
    }
}
