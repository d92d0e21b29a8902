//! A company certificate authority the person chose to trust (a PEM file): checked before it is
//! kept, and trusted in addition to the system's roots, never instead.

use std::fmt;

use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};
use x509_parser::pem::Pem;

/// The most a certificate file may hold; company CA files are a few KiB.
pub const MAX_CA_FILE_BYTES: usize = 256 * 1024;
/// The most certificates one file may hold.
const MAX_CERTIFICATES: usize = 16;

/// One trusted company authority.
#[derive(Clone, PartialEq, Eq)]
pub struct CompanyCa {
    der: Vec<u8>,
    /// The subject as a person reads it (`CN=Example Corp Root CA, O=Example Corp`).
    pub subject: String,
    /// SHA-256 of the certificate, as colon-separated upper-case hex (what OS dialogs show).
    pub fingerprint: String,
    pub not_after: DateTime<Utc>,
}

impl fmt::Debug for CompanyCa {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CompanyCa")
            .field("subject", &self.subject)
            .field("fingerprint", &self.fingerprint)
            .finish_non_exhaustive()
    }
}

/// Why a certificate file cannot be trusted. `Display` says what to do.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CaFileError {
    #[error(
        "The file is larger than a certificate file can be. Choose the company's certificate file (PEM, usually .pem or .crt)."
    )]
    TooLarge,
    #[error(
        "The file holds no certificate in PEM form (text starting with -----BEGIN CERTIFICATE-----). Ask for the company certificate as a PEM file, or convert a .cer/.der file to PEM."
    )]
    NoCertificate,
    #[error(
        "The file holds a certificate that cannot be read ({reason}). Ask for the company certificate file again."
    )]
    Unreadable { reason: String },
    #[error(
        "The certificate \"{subject}\" is not a certificate authority: it is a server's own certificate. Ask for the certificate of the authority that issued it (the company root CA)."
    )]
    NotAnAuthority { subject: String },
    #[error(
        "The certificate \"{subject}\" expired on {}. Ask for the company's current certificate.", .not_after.format("%Y-%m-%d")
    )]
    Expired {
        subject: String,
        not_after: DateTime<Utc>,
    },
    #[error(
        "The certificate \"{subject}\" is not valid before {}. Check the computer's date, or ask for the company's current certificate.", .not_before.format("%Y-%m-%d")
    )]
    NotYetValid {
        subject: String,
        not_before: DateTime<Utc>,
    },
}

impl CompanyCa {
    /// Every certificate in `pem`, each checked: it parses, it is a CA, it is valid at `now`.
    pub fn from_pem(pem: &[u8], now: DateTime<Utc>) -> Result<Vec<CompanyCa>, CaFileError> {
        if pem.len() > MAX_CA_FILE_BYTES {
            return Err(CaFileError::TooLarge);
        }
        let mut found = Vec::new();
        for block in Pem::iter_from_buffer(pem).take(MAX_CERTIFICATES) {
            let block = block.map_err(|e| CaFileError::Unreadable {
                reason: e.to_string(),
            })?;
            if block.label != "CERTIFICATE" {
                continue;
            }
            found.push(CompanyCa::from_der(&block.contents, now)?);
        }
        if found.is_empty() {
            return Err(CaFileError::NoCertificate);
        }
        Ok(found)
    }

    fn from_der(der: &[u8], now: DateTime<Utc>) -> Result<CompanyCa, CaFileError> {
        let (_, cert) =
            x509_parser::parse_x509_certificate(der).map_err(|e| CaFileError::Unreadable {
                reason: e.to_string(),
            })?;
        let subject: String = cert.subject().to_string().chars().take(300).collect();
        let validity = cert.validity();
        let at = |secs: i64| DateTime::from_timestamp(secs, 0).unwrap_or(DateTime::<Utc>::MIN_UTC);
        let not_before = at(validity.not_before.timestamp());
        let not_after = at(validity.not_after.timestamp());
        if !cert.is_ca() {
            return Err(CaFileError::NotAnAuthority { subject });
        }
        if now > not_after {
            return Err(CaFileError::Expired { subject, not_after });
        }
        if now < not_before {
            return Err(CaFileError::NotYetValid {
                subject,
                not_before,
            });
        }
        Ok(CompanyCa {
            der: der.to_vec(),
            subject,
            fingerprint: fingerprint(der),
            not_after,
        })
    }

    /// The certificate as PEM (what is kept in the config folder and given to other clients).
    pub fn pem(&self) -> String {
        let body = base64_lines(&self.der);
        format!("-----BEGIN CERTIFICATE-----\n{body}-----END CERTIFICATE-----\n")
    }

    pub fn der(&self) -> &[u8] {
        &self.der
    }

    pub(crate) fn reqwest_certificate(&self) -> reqwest::Certificate {
        // Parsed and checked in `from_der`; reqwest only wraps DER bytes.
        reqwest::Certificate::from_der(&self.der).expect("a checked certificate is DER")
    }
}

fn fingerprint(der: &[u8]) -> String {
    Sha256::digest(der)
        .iter()
        .map(|b| format!("{b:02X}"))
        .collect::<Vec<_>>()
        .join(":")
}

/// Base64 in 64-character lines, each ending in a newline (PEM's body).
fn base64_lines(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut flat = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                flat.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                flat.push('=');
            }
        }
    }
    let mut out = String::with_capacity(flat.len() + flat.len() / 64 + 1);
    for line in flat.as_bytes().chunks(64) {
        out.push_str(std::str::from_utf8(line).unwrap_or_default());
        out.push('\n');
    }
    out
}
