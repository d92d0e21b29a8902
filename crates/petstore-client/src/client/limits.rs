//! How much of an answer the client reads: one place, so the reading and the message agree.
//!
//! A broken upstream that streams without end must fail the call, not fill the memory (the CLI
//! once grew past 800 MiB before failing; the app would then push it all over IPC).

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

/// `8 MiB`, `64 KiB`, `1000 bytes`: a limit as a person reads it.
pub fn human_bytes(bytes: u64) -> String {
    const KIB: u64 = 1024;
    const MIB: u64 = 1024 * KIB;
    match bytes {
        0 => "0 bytes".to_owned(),
        b if b % MIB == 0 => format!("{} MiB", b / MIB),
        b if b % KIB == 0 => format!("{} KiB", b / KIB),
        b => format!("{b} bytes"),
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
        assert_eq!(human_bytes(MAX_SUCCESS_BODY_BYTES), "8 MiB");
        assert_eq!(human_bytes(MAX_ERROR_BODY_BYTES), "64 KiB");
        assert_eq!(human_bytes(1000), "1000 bytes");
        assert_eq!(human_bytes(0), "0 bytes");
    }
}
