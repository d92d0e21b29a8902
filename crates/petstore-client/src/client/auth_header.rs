//! The `Authorization: Bearer <key>` value, made once per client: every request shares its one
//! buffer (no new copy of the key per request), and the buffer is wiped when the client is
//! dropped and no request holds it any more. (A request still in flight at that moment keeps it;
//! its buffer is then freed by reqwest as any other header.)

use bytes::{Bytes, BytesMut};
use http::HeaderValue;
use zeroize::Zeroize;

use crate::secret::ApiKey;

pub(super) struct AuthHeader {
    /// `Bearer <key>`; `None` once wiped.
    bytes: Option<Bytes>,
}

impl AuthHeader {
    pub(super) fn new(key: &ApiKey) -> AuthHeader {
        let key = key.expose_secret().as_bytes();
        // Exactly as long as the value: `Bytes` then takes the vector's own buffer, with no
        // reallocation leaving a copy behind.
        let mut text = Vec::with_capacity(b"Bearer ".len() + key.len());
        text.extend_from_slice(b"Bearer ");
        text.extend_from_slice(key);
        AuthHeader {
            bytes: Some(Bytes::from(text)),
        }
    }

    /// The header value, sharing this buffer; marked sensitive so reqwest and hyper never show
    /// it. `None` only for a key that is not a header value (ApiKey allows visible ASCII only).
    pub(super) fn value(&self) -> Option<HeaderValue> {
        let mut value = HeaderValue::from_maybe_shared(self.bytes.clone()?).ok()?;
        value.set_sensitive(true);
        Some(value)
    }

    /// Takes the buffer and, when nothing else holds it, zeroes it; returns it for the tests.
    fn wipe(&mut self) -> Option<BytesMut> {
        let mut unique = self.bytes.take()?.try_into_mut().ok()?;
        unique.as_mut().zeroize();
        Some(unique)
    }
}

impl Drop for AuthHeader {
    fn drop(&mut self) {
        self.wipe();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key() -> ApiKey {
        ApiKey::new("staff-key-0123456789".to_owned()).unwrap()
    }

    #[test]
    fn every_request_shares_one_buffer_holding_the_bearer_value() {
        let header = AuthHeader::new(&key());
        let first = header.value().unwrap();
        let second = header.value().unwrap();
        assert_eq!(first.as_bytes(), b"Bearer staff-key-0123456789");
        assert!(first.is_sensitive());
        assert_eq!(
            first.as_bytes().as_ptr(),
            second.as_bytes().as_ptr(),
            "no new copy of the key per request"
        );
        assert_eq!(
            first.as_bytes().as_ptr(),
            header.bytes.as_ref().unwrap().as_ptr()
        );
    }

    #[test]
    fn the_buffer_is_zeroed_once_nothing_holds_it() {
        let mut header = AuthHeader::new(&key());
        let at = header.bytes.as_ref().unwrap().as_ptr();
        let wiped = header.wipe().expect("unique: wiped");
        assert_eq!(wiped.as_ptr(), at, "the same buffer, not a copy");
        assert!(wiped.iter().all(|&b| b == 0), "{wiped:?}");

        // A request still holding it: not wiped now (its owner frees it).
        let mut held = AuthHeader::new(&key());
        let in_flight = held.value().unwrap();
        assert!(held.wipe().is_none());
        assert_eq!(in_flight.as_bytes(), b"Bearer staff-key-0123456789");
    }
}
