//! The one reqwest client of a `PetstoreClient`: no redirects, TLS with the company's extra
//! roots, and the proxy route of its network settings.

use crate::config::ClientConfig;
use crate::error::{ConfigError, Error};

/// One reqwest client per `PetstoreClient`.
///
/// Redirects are never followed: the spec defines none, a redirect of a create could replay or
/// turn it into a GET, and following one to another origin would leak the key. A redirect is
/// reported as an unexpected response naming its target, so the person can fix the base address.
pub(super) fn http_client(config: &ClientConfig) -> Result<reqwest::Client, Error> {
    // reqwest is built without a crypto provider of its own: ring, installed as the process
    // default unless the host program chose one already (then that one serves).
    let _ = rustls::crypto::ring::default_provider().install_default();
    let mut builder = reqwest::Client::builder()
        .user_agent(config.user_agent.as_str())
        .connect_timeout(config.connect_timeout)
        .timeout(config.request_timeout)
        .redirect(reqwest::redirect::Policy::none())
        .referer(false);
    for (name, addr) in &config.resolve {
        builder = builder.resolve(name, *addr);
    }
    let route = config.network.route(&config.base_url);
    if config.base_url.is_https() {
        builder = crate::config::apply_network(builder, route, &config.network.extra_roots)
            .map_err(|e| ConfigError::HttpClient {
                message: with_causes(&e),
            })?
            .https_only(true);
    } else {
        // Loopback only (the base address allows plain http nowhere else): never a proxy.
        builder = builder.no_proxy();
        // Plain HTTP is only ever loopback (the sandbox), and neither redirects nor next-page
        // links leave the origin: no TLS, so no need to read the system's root certificates,
        // which costs start-up time and fails where none are installed.
        builder = builder.tls_certs_only([]);
    }
    builder.build().map_err(|e| {
        ConfigError::HttpClient {
            message: with_causes(&e),
        }
        .into()
    })
}

/// reqwest's own message is only "builder error"; the cause says what to fix (e.g. no root
/// certificates on a machine without the ca-certificates package).
fn with_causes(error: &dyn std::error::Error) -> String {
    let mut message = error.to_string();
    let mut cause = error.source();
    while let Some(inner) = cause {
        message.push_str(": ");
        message.push_str(&inner.to_string());
        cause = inner.source();
    }
    message
}
