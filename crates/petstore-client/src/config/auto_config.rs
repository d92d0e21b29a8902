//! Proxy auto-configuration set in the OS: a PAC script (Windows `AutoConfigURL`, macOS
//! `ProxyAutoConfigURLString`, GNOME's `autoconfig-url`) or WPAD auto-discovery.
//!
//! petstore does not run such scripts. Where the OS relies on one, a request in System mode may
//! go straight to the service and fail; the failure then says so, and that the proxy must be set
//! by hand (Manual). Detection runs only when a connection failed, never on the way of a request.
//!
//! The readers of each OS are tiny; the decision is [`from_values`], a pure function tested here
//! (the macOS and Windows readers cannot be exercised on Linux).

use std::time::Duration;

use serde::{Deserialize, Serialize};

/// **Test hook.** Stands in for the OS's setting where a test cannot set one (`wpad` for
/// auto-discovery, or a script's address), so the whole path can be exercised on Linux. A
/// variable set by whoever starts the process; an empty one means no auto-configuration.
pub const TEST_HOOK_AUTO_CONFIG: &str = "PETSTORE_TEST_HOOK_AUTO_CONFIG";

/// The longest script address kept (a real one is a few dozen characters).
const MAX_URL_CHARS: usize = 512;
/// How long `gsettings` may take before it is given up on.
#[cfg_attr(any(windows, target_os = "macos"), allow(dead_code))]
const GSETTINGS_TIMEOUT: Duration = Duration::from_millis(1500);

/// The OS uses proxy auto-configuration.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AutoConfig {
    /// The PAC script's address; `None`: the proxy is found by WPAD auto-discovery.
    pub url: Option<String>,
}

/// The decision over the raw values an OS keeps: `enabled` (a script is in use) with its `url`,
/// and `autodetect` (WPAD). A script with no address is auto-discovery too (GNOME's "auto" mode
/// with an empty address). Control characters and overlong addresses are not repeated.
pub fn from_values(enabled: bool, url: Option<&str>, autodetect: bool) -> Option<AutoConfig> {
    let url = url.map(str::trim).filter(|u| !u.is_empty()).map(|u| {
        u.chars()
            .filter(|c| !c.is_control())
            .take(MAX_URL_CHARS)
            .collect::<String>()
    });
    if enabled {
        Some(AutoConfig { url })
    } else if autodetect {
        Some(AutoConfig { url: None })
    } else {
        None
    }
}

/// What the OS says now; `None` where it uses no auto-configuration (or cannot be asked).
pub fn detect_auto_config() -> Option<AutoConfig> {
    if let Some(value) = std::env::var_os(TEST_HOOK_AUTO_CONFIG) {
        return from_test_hook(&value.to_string_lossy());
    }
    os::detect()
}

fn from_test_hook(value: &str) -> Option<AutoConfig> {
    match value.trim() {
        "" => None,
        "wpad" => from_values(false, None, true),
        url => from_values(true, Some(url), false),
    }
}

/// GNOME's two keys, as `gsettings get` prints them: `'auto'` and `'http://…'`.
#[cfg_attr(any(windows, target_os = "macos"), allow(dead_code))]
fn from_gnome(mode: &str, url: &str) -> Option<AutoConfig> {
    let unquote = |s: &str| s.trim().trim_matches('\'').to_owned();
    let enabled = unquote(mode) == "auto";
    from_values(enabled, Some(&unquote(url)), false)
}

#[cfg(all(unix, not(target_os = "macos")))]
mod os {
    use std::process::{Command, Stdio};
    use std::time::Instant;

    use super::{AutoConfig, GSETTINGS_TIMEOUT};

    /// GNOME's proxy settings (other desktops keep theirs elsewhere and are not read).
    pub(super) fn detect() -> Option<AutoConfig> {
        let mode = gsettings("mode")?;
        if !mode.contains("auto") {
            return None;
        }
        let url = gsettings("autoconfig-url").unwrap_or_default();
        super::from_gnome(&mode, &url)
    }

    /// `gsettings get org.gnome.system.proxy KEY`, bounded in time and size; `None` when it is
    /// not installed, fails or takes too long.
    fn gsettings(key: &str) -> Option<String> {
        let mut child = Command::new("gsettings")
            .args(["get", "org.gnome.system.proxy", key])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let started = Instant::now();
        loop {
            match child.try_wait() {
                Ok(Some(status)) if status.success() => break,
                Ok(Some(_)) | Err(_) => return None,
                Ok(None) if started.elapsed() > GSETTINGS_TIMEOUT => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return None;
                }
                Ok(None) => std::thread::sleep(std::time::Duration::from_millis(20)),
            }
        }
        let mut out = String::new();
        use std::io::Read as _;
        child
            .stdout
            .take()?
            .take(4096)
            .read_to_string(&mut out)
            .ok()?;
        Some(out)
    }
}

#[cfg(windows)]
mod os {
    use super::AutoConfig;

    /// The current user's Internet Settings (what the Settings app and Internet Options write).
    /// "Automatically detect settings" (WPAD) lives in a binary blob and is on by default on
    /// many computers that need no proxy, so it is not read: a script's address is.
    pub(super) fn detect() -> Option<AutoConfig> {
        let settings = windows_registry::CURRENT_USER
            .open("Software\\Microsoft\\Windows\\CurrentVersion\\Internet Settings")
            .ok()?;
        let url = settings.get_string("AutoConfigURL").ok();
        super::from_values(url.is_some(), url.as_deref(), false)
    }
}

#[cfg(target_os = "macos")]
mod os {
    use system_configuration::core_foundation::base::CFType;
    use system_configuration::core_foundation::dictionary::CFDictionary;
    use system_configuration::core_foundation::number::CFNumber;
    use system_configuration::core_foundation::string::{CFString, CFStringRef};
    use system_configuration::dynamic_store::SCDynamicStoreBuilder;
    use system_configuration::sys::schema_definitions::{
        kSCPropNetProxiesProxyAutoConfigEnable, kSCPropNetProxiesProxyAutoConfigURLString,
        kSCPropNetProxiesProxyAutoDiscoveryEnable,
    };

    use super::AutoConfig;

    /// The proxies of the network in use (System Settings → Network → Proxies).
    pub(super) fn detect() -> Option<AutoConfig> {
        let store = SCDynamicStoreBuilder::new("petstore").build()?;
        let proxies = store.get_proxies()?;
        // Reading the framework's key constants (extern statics) is `unsafe` in Rust; they
        // are immutable CFStrings, as hyper-util reads them for the system proxy.
        #[allow(unsafe_code)]
        let (enable, url_key, discovery) = unsafe {
            (
                kSCPropNetProxiesProxyAutoConfigEnable,
                kSCPropNetProxiesProxyAutoConfigURLString,
                kSCPropNetProxiesProxyAutoDiscoveryEnable,
            )
        };
        let url = proxies
            .find(url_key)
            .and_then(|url| url.downcast::<CFString>())
            .map(|url| url.to_string());
        super::from_values(
            flag(&proxies, enable),
            url.as_deref(),
            flag(&proxies, discovery),
        )
    }

    fn flag(proxies: &CFDictionary<CFString, CFType>, key: CFStringRef) -> bool {
        proxies
            .find(key)
            .and_then(|flag| flag.downcast::<CFNumber>())
            .and_then(|flag| flag.to_i32())
            .unwrap_or(0)
            == 1
    }
}

#[cfg(not(any(unix, windows)))]
mod os {
    pub(super) fn detect() -> Option<super::AutoConfig> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(u: &str) -> Option<AutoConfig> {
        Some(AutoConfig {
            url: Some(u.to_owned()),
        })
    }

    #[test]
    fn a_script_an_auto_discovery_or_nothing() {
        let pac = "http://wpad.corp.example/proxy.pac";
        assert_eq!(from_values(true, Some(pac), false), url(pac));
        assert_eq!(from_values(true, Some(pac), true), url(pac), "script first");
        assert_eq!(
            from_values(false, Some(pac), false),
            None,
            "a script address kept but turned off (macOS keeps it)"
        );
        assert_eq!(
            from_values(false, None, true),
            Some(AutoConfig { url: None })
        );
        assert_eq!(
            from_values(true, Some("  "), false),
            Some(AutoConfig { url: None }),
            "on without an address: discovery"
        );
        assert_eq!(from_values(false, None, false), None);
    }

    #[test]
    fn an_address_is_bounded_and_plain() {
        let long = format!("http://pac.example/{}\n", "a".repeat(2000));
        let found = from_values(true, Some(&long), false).unwrap().url.unwrap();
        assert_eq!(found.chars().count(), MAX_URL_CHARS);
        assert!(!found.contains('\n'));
    }

    #[test]
    fn gnome_values_as_gsettings_prints_them() {
        assert_eq!(
            from_gnome("'auto'\n", "'http://pac.corp.example/p.pac'\n"),
            url("http://pac.corp.example/p.pac")
        );
        assert_eq!(
            from_gnome("'auto'\n", "''\n"),
            Some(AutoConfig { url: None })
        );
        assert_eq!(
            from_gnome("'manual'\n", "'http://pac.corp.example/p.pac'\n"),
            None
        );
        assert_eq!(from_gnome("'none'\n", "''\n"), None);
    }

    #[test]
    fn the_test_hook_stands_for_either_kind() {
        assert_eq!(from_test_hook(""), None);
        assert_eq!(from_test_hook("wpad"), Some(AutoConfig { url: None }));
        assert_eq!(
            from_test_hook("http://p.example/x.pac"),
            url("http://p.example/x.pac")
        );
    }
}
