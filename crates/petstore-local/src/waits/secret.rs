//! The per-install secret that keys the waits file's key tags: 32 random bytes in a file only its
//! owner may read, beside the waits. With it, a tag says nothing about the key to anyone who sees
//! the waits file alone, and the same key has unrelated tags on two computers.

use std::io;
use std::path::Path;

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;
use zeroize::Zeroizing;

use crate::localfile::{self, Readers};
use petstore_client::ApiKey;

pub(super) const SECRET_FILE: &str = "install-secret";
const SECRET_BYTES: usize = 32;
/// Marks this version's tags; a tag without it (the former salted `DefaultHasher` one) never
/// matches and is dropped on the next write.
pub(super) const TAG_PREFIX: &str = "hmac-sha256:";

#[derive(Clone)]
pub(super) struct InstallSecret(Zeroizing<[u8; SECRET_BYTES]>);

impl std::fmt::Debug for InstallSecret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("InstallSecret(..)")
    }
}

impl InstallSecret {
    /// The secret in `path`, when there is a whole one; `None` when there is none, or the file is
    /// not exactly 32 bytes (a broken one: no tag made with it can be trusted to match).
    pub(super) fn read(path: &Path) -> io::Result<Option<InstallSecret>> {
        // Read one byte more than a secret, so a longer file is told from a whole one.
        let bytes = match localfile::read_bounded(path, SECRET_BYTES as u64 + 1) {
            Ok(Some(bytes)) => Zeroizing::new(bytes),
            Ok(None) => return Ok(None),
            Err(e) if e.kind() == io::ErrorKind::FileTooLarge => return Ok(None),
            Err(e) => return Err(e),
        };
        Ok(<[u8; SECRET_BYTES]>::try_from(bytes.as_slice())
            .ok()
            .map(|secret| InstallSecret(Zeroizing::new(secret))))
    }

    /// The secret in `path`, made when there is none (or replacing a broken one: waits tagged
    /// with it then simply no longer match). Callers hold the waits file's lock, so two processes
    /// never both make one; the file appears whole, 0600 on Unix from its creation.
    pub(super) fn read_or_create(path: &Path) -> io::Result<InstallSecret> {
        if let Some(secret) = InstallSecret::read(path)? {
            return Ok(secret);
        }
        let mut secret = Zeroizing::new([0u8; SECRET_BYTES]);
        getrandom::fill(secret.as_mut_slice())
            .map_err(|e| io::Error::other(format!("the OS gave no random bytes: {e}")))?;
        localfile::write_atomically(path, secret.as_slice(), Readers::OwnerOnly)?;
        Ok(InstallSecret(secret))
    }

    /// `hmac-sha256:<64 hex digits>` of the key.
    pub(super) fn tag(&self, key: &ApiKey) -> String {
        let mut mac = Hmac::<Sha256>::new_from_slice(self.0.as_slice())
            .expect("HMAC takes a key of any length");
        mac.update(key.expose_secret().as_bytes());
        let digest = mac.finalize().into_bytes();
        let mut tag = String::with_capacity(TAG_PREFIX.len() + 2 * digest.len());
        tag.push_str(TAG_PREFIX);
        for byte in digest {
            tag.push_str(&format!("{byte:02x}"));
        }
        tag
    }
}
