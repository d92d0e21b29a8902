//! The API key as a secret: never printed, serialized or logged, wiped from memory on drop.

use std::fmt;
use std::hash::{BuildHasher, Hasher};
use std::sync::OnceLock;

use zeroize::Zeroizing;

use crate::invalid_input::InvalidInput;

/// A bearer key. No `Display`, no `Serialize`; `Debug` prints `ApiKey(<redacted>)`.
#[derive(Clone)]
pub struct ApiKey(Zeroizing<String>);

impl ApiKey {
    /// Trims surrounding whitespace; refuses an empty key or one with characters that cannot
    /// travel in an HTTP header (only visible ASCII is allowed).
    pub fn new(raw: String) -> Result<ApiKey, InvalidInput> {
        let raw = Zeroizing::new(raw);
        let trimmed = raw.trim();
        if trimmed.is_empty() || !trimmed.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(InvalidInput::ApiKey);
        }
        Ok(ApiKey(Zeroizing::new(trimmed.to_owned())))
    }

    /// At most the last 4 characters, and none for a key shorter than 8, e.g. `••••abcd`.
    pub fn masked(&self) -> String {
        let key = self.0.as_str();
        if key.len() < 8 {
            "••••".to_owned()
        } else {
            format!("••••{}", &key[key.len() - 4..])
        }
    }

    /// The key itself, for the Authorization header and the keychain only.
    pub fn expose_secret(&self) -> &str {
        &self.0
    }

    /// A hash that tells keys apart within this process (the rate-limit registry), salted per
    /// process so it cannot be compared with anything outside it.
    pub fn fingerprint(&self) -> u64 {
        static SALT: OnceLock<std::hash::RandomState> = OnceLock::new();
        let mut hasher = SALT.get_or_init(std::hash::RandomState::new).build_hasher();
        hasher.write(self.0.as_bytes());
        hasher.finish()
    }
}

impl fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ApiKey(<redacted>)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_is_redacted() {
        let key = ApiKey::new("super-secret-key-1234".to_owned()).unwrap();
        assert_eq!(format!("{key:?}"), "ApiKey(<redacted>)");
        assert_eq!(
            format!("{:?}", Some(key.clone())),
            "Some(ApiKey(<redacted>))"
        );
    }

    #[test]
    fn masked_shows_at_most_the_last_four() {
        assert_eq!(
            ApiKey::new("abcdefgh1234".to_owned()).unwrap().masked(),
            "••••1234"
        );
        assert_eq!(
            ApiKey::new("abcdefgh".to_owned()).unwrap().masked(),
            "••••efgh"
        );
        assert_eq!(ApiKey::new("short7!".to_owned()).unwrap().masked(), "••••");
    }

    #[test]
    fn trimmed_and_validated() {
        assert_eq!(
            ApiKey::new("  key-1\n".to_owned()).unwrap().expose_secret(),
            "key-1"
        );
        for bad in ["", "   ", "has space", "tab\tkey", "ünïcode", "nul\0"] {
            assert_eq!(
                ApiKey::new(bad.to_owned()).unwrap_err(),
                InvalidInput::ApiKey,
                "{bad:?}"
            );
        }
        let message = InvalidInput::ApiKey.to_string();
        assert!(message.contains("visible ASCII"));
    }

    #[test]
    fn fingerprint_tells_keys_apart_and_is_stable() {
        let a = ApiKey::new("key-a".to_owned()).unwrap();
        let a2 = ApiKey::new("key-a".to_owned()).unwrap();
        let b = ApiKey::new("key-b".to_owned()).unwrap();
        assert_eq!(a.fingerprint(), a2.fingerprint());
        assert_ne!(a.fingerprint(), b.fingerprint());
    }
}
