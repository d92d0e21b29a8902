//! `postgres://USER@HOST:PORT/DB`, as `petstore store connect` takes it. A password in the
//! address is refused: an address is seen by the shell's history, `ps` and any log of the
//! command line, so the password is asked for apart (without echo) and goes to the keychain.

use petstore_local::settings::{DEFAULT_PORT, MAX_STORE_NAME_CHARS};

/// The longest address read: beyond three names of the longest kind and a port.
const MAX_URL_CHARS: usize = 3 * MAX_STORE_NAME_CHARS + 64;

/// The parts of a shared store's address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreUrl {
    pub user: String,
    pub host: String,
    pub port: u16,
    pub database: String,
}

/// Why an address was refused. The address itself is never repeated (it may hold a password).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StoreUrlError {
    /// Not `postgres://` or `postgresql://`, or longer than any address is.
    NotAnAddress,
    /// `postgres://user:password@…`.
    HasPassword,
    NoUser,
    NoHost,
    BadPort,
    NoDatabase,
    /// `?…` or `#…`: options this program does not pass on (TLS is its own choice).
    HasOptions,
}

impl StoreUrl {
    pub fn parse(text: &str) -> Result<StoreUrl, StoreUrlError> {
        let text = text.trim();
        if text.chars().count() > MAX_URL_CHARS || text.chars().any(char::is_control) {
            return Err(StoreUrlError::NotAnAddress);
        }
        let rest = text
            .strip_prefix("postgres://")
            .or_else(|| text.strip_prefix("postgresql://"))
            .ok_or(StoreUrlError::NotAnAddress)?;
        // The password check comes first: whatever else is wrong, say why a password is refused.
        let (user, after_user) = match rest.rsplit_once('@') {
            Some((user, after)) => (user, after),
            None => return Err(StoreUrlError::NoUser),
        };
        if user.contains(':') {
            return Err(StoreUrlError::HasPassword);
        }
        if after_user.contains(['?', '#']) {
            return Err(StoreUrlError::HasOptions);
        }
        let (authority, database) = after_user
            .split_once('/')
            .ok_or(StoreUrlError::NoDatabase)?;
        let (host, port) = split_port(authority)?;
        let user = decode(user).ok_or(StoreUrlError::NoUser)?;
        let database = decode(database).ok_or(StoreUrlError::NoDatabase)?;
        let checks = [
            (user.as_str(), StoreUrlError::NoUser),
            (host, StoreUrlError::NoHost),
            (database.as_str(), StoreUrlError::NoDatabase),
        ];
        for (value, error) in checks {
            if value.trim().is_empty() || value.chars().count() > MAX_STORE_NAME_CHARS {
                return Err(error);
            }
        }
        Ok(StoreUrl {
            user,
            host: host.to_owned(),
            port,
            database,
        })
    }
}

/// `host`, `host:port`, `[v6]`, `[v6]:port`; the host without brackets.
fn split_port(authority: &str) -> Result<(&str, u16), StoreUrlError> {
    let (host, port) = if let Some(v6) = authority.strip_prefix('[') {
        let (host, after) = v6.split_once(']').ok_or(StoreUrlError::NoHost)?;
        (host, after.strip_prefix(':'))
    } else {
        match authority.rsplit_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (authority, None),
        }
    };
    let port = match port {
        None => DEFAULT_PORT,
        Some(port) => match port.parse::<u16>() {
            Ok(port) if port > 0 => port,
            _ => return Err(StoreUrlError::BadPort),
        },
    };
    Ok((host, port))
}

/// `%XX` decoded (a user or database name with `@`, `/` or a space in it); `None` when it is
/// not valid percent-encoding of UTF-8.
fn decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parts_are_read() {
        let url = StoreUrl::parse("postgres://desk_front@db.corp.example:6543/petstore").unwrap();
        assert_eq!(
            url,
            StoreUrl {
                user: "desk_front".into(),
                host: "db.corp.example".into(),
                port: 6543,
                database: "petstore".into(),
            }
        );
        let v6 = StoreUrl::parse("postgresql://u%40corp@[::1]/pets%20db").unwrap();
        assert_eq!((v6.host.as_str(), v6.port), ("::1", DEFAULT_PORT));
        assert_eq!(
            (v6.user.as_str(), v6.database.as_str()),
            ("u@corp", "pets db")
        );
    }

    #[test]
    fn a_password_in_the_address_is_refused_first() {
        for url in [
            "postgres://desk:secret@db:5432/petstore",
            "postgres://desk:@db/petstore",
            "postgres://desk:secret@db:notaport",
        ] {
            assert_eq!(
                StoreUrl::parse(url),
                Err(StoreUrlError::HasPassword),
                "{url}"
            );
        }
    }

    #[test]
    fn what_is_missing_or_wrong_is_named() {
        for (url, error) in [
            ("https://db/petstore", StoreUrlError::NotAnAddress),
            ("postgres://db:5432/petstore", StoreUrlError::NoUser),
            ("postgres://@db/petstore", StoreUrlError::NoUser),
            ("postgres://desk@/petstore", StoreUrlError::NoHost),
            ("postgres://desk@db:0/petstore", StoreUrlError::BadPort),
            ("postgres://desk@db:99999/petstore", StoreUrlError::BadPort),
            ("postgres://desk@db:5432", StoreUrlError::NoDatabase),
            ("postgres://desk@db:5432/", StoreUrlError::NoDatabase),
            (
                "postgres://desk@db/petstore?sslmode=disable",
                StoreUrlError::HasOptions,
            ),
            ("postgres://desk@db/pet%zzstore", StoreUrlError::NoDatabase),
        ] {
            assert_eq!(StoreUrl::parse(url), Err(error), "{url}");
        }
        let long = format!("postgres://desk@{}/db", "h".repeat(MAX_URL_CHARS));
        assert_eq!(StoreUrl::parse(&long), Err(StoreUrlError::NotAnAddress));
    }
}
