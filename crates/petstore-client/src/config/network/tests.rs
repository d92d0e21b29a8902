use super::*;

fn base(url: &str) -> BaseUrl {
    BaseUrl::parse(url).unwrap()
}

fn manual(bypass: &[&str], user: Option<&str>) -> NetworkConfig {
    NetworkConfig {
        proxy: ProxyMode::Manual(ManualProxy {
            url: ProxyUrl::parse("http://proxy.corp.example:3128").unwrap(),
            credentials: user.map(|user| ProxyCredentials {
                user: user.to_owned(),
                password: Zeroizing::new("pw".to_owned()),
            }),
            bypass: bypass.iter().map(|s| (*s).to_owned()).collect(),
        }),
        extra_roots: Vec::new(),
    }
}

#[test]
fn each_mode_maps_to_its_route() {
    let api = base("https://api.example.com/v1");
    let system = NetworkConfig::default();
    assert_eq!(system.route(&api), Route::System, "System is the default");
    let off = NetworkConfig {
        proxy: ProxyMode::Off,
        ..NetworkConfig::default()
    };
    assert_eq!(off.route(&api), Route::Direct);
    match manual(&["intranet.example", " "], Some("clerk")).route(&api) {
        Route::Manual {
            proxy,
            credentials,
            no_proxy,
        } => {
            assert_eq!(proxy.as_str(), "http://proxy.corp.example:3128/");
            assert_eq!(credentials.unwrap().user, "clerk");
            assert_eq!(no_proxy, "intranet.example,localhost,127.0.0.1,::1");
        }
        other => panic!("expected Manual, got {other:?}"),
    }
}

#[test]
fn bypass_entries_are_hosts_addresses_or_networks() {
    for ok in [
        "*",
        "intranet.example",
        "*.corp.example",
        ".corp.example",
        "10.0.0.0/8",
        "192.168.1.7",
        "::1",
        "fd00::/8",
    ] {
        assert!(is_bypass_entry(ok), "{ok}");
    }
    for bad in [
        "",
        "http://intranet.example",
        "intranet.example:8080",
        "10.0.0.0/33",
        "corp.*.example",
        "a b",
        "-bad.example",
    ] {
        assert!(!is_bypass_entry(bad), "{bad}");
    }
    let config = manual(&["*.corp.example"], None);
    let Route::Manual { no_proxy, .. } = config.route(&base("https://api.example.com/v1")) else {
        panic!("manual")
    };
    assert!(no_proxy.starts_with(".corp.example,"), "{no_proxy}");
    assert!(reqwest::NoProxy::from_string(&no_proxy).is_some());
}

#[test]
fn loopback_never_goes_through_a_proxy() {
    for url in [
        "http://127.0.0.1:4780/v1",
        "http://localhost:9/v1",
        "http://[::1]:9/v1",
    ] {
        for config in [NetworkConfig::default(), manual(&[], Some("u"))] {
            assert_eq!(config.route(&base(url)), Route::Direct, "{url}");
        }
    }
}

#[test]
fn proxy_addresses_are_checked_and_never_echo_a_password() {
    let ok = ProxyUrl::parse(" https://proxy.example:8443/ ").unwrap();
    assert_eq!(ok.as_str(), "https://proxy.example:8443");
    let err = ProxyUrl::parse("http://clerk:s3cret@proxy.example:3128").unwrap_err();
    assert_eq!(err, ProxyUrlError::Credentials);
    assert!(!err.to_string().contains("s3cret"));
    assert!(err.to_string().contains("keychain"), "{err}");
    assert!(matches!(
        ProxyUrl::parse("socks5://proxy:1080"),
        Err(ProxyUrlError::Scheme { .. })
    ));
    assert!(matches!(
        ProxyUrl::parse("proxy:3128"),
        Err(ProxyUrlError::Scheme { .. } | ProxyUrlError::NotAnAddress { .. })
    ));
    assert_eq!(
        ProxyUrl::parse("http://proxy:3128/path"),
        Err(ProxyUrlError::Path)
    );
    let json: ProxyUrl = serde_json::from_str("\"http://p.example:1\"").unwrap();
    assert_eq!(
        serde_json::to_string(&json).unwrap(),
        "\"http://p.example:1\""
    );
    assert!(serde_json::from_str::<ProxyUrl>("\"http://u:p@p.example:1\"").is_err());
}

#[test]
fn credentials_never_show_in_debug_output() {
    let config = manual(&[], Some("clerk"));
    let text = format!("{config:?} {:?}", config.for_other_client());
    assert!(text.contains("clerk") && !text.contains("\"pw\""), "{text}");
}

#[test]
fn the_other_client_gets_the_same_proxy_and_roots() {
    let other = manual(&["updates.intranet"], Some("clerk")).for_other_client();
    match &other.route {
        Route::Manual {
            proxy,
            credentials,
            no_proxy,
        } => {
            assert_eq!(proxy.as_str(), "http://proxy.corp.example:3128/");
            assert_eq!(credentials.as_ref().unwrap().password.as_str(), "pw");
            assert_eq!(no_proxy, "updates.intranet,localhost,127.0.0.1,::1");
        }
        other => panic!("expected Manual, got {other:?}"),
    }
    assert!(other.has_proxy_credentials());
    let off = NetworkConfig {
        proxy: ProxyMode::Off,
        ..NetworkConfig::default()
    }
    .for_other_client();
    assert_eq!(off.route, Route::Direct);
    assert!(!off.has_proxy_credentials());
    assert_eq!(
        NetworkConfig::default().for_other_client().route,
        Route::System
    );
}

#[test]
fn every_route_builds_a_client() {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let api = base("https://api.example.com/v1");
    for config in [
        NetworkConfig::default(),
        manual(&["a.example"], Some("clerk")),
        NetworkConfig {
            proxy: ProxyMode::Off,
            ..NetworkConfig::default()
        },
    ] {
        let builder = apply(reqwest::Client::builder(), config.route(&api), &[]).unwrap();
        builder.build().unwrap();
        let other = config.for_other_client();
        other.configure(reqwest::Client::builder()).build().unwrap();
    }
}
