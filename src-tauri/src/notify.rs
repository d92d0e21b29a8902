//! Quota alerts as native notifications. On Linux the freedesktop Notifications service over
//! D-Bus, through the zbus the app already has (the notification plugin would bring a second
//! zbus); on macOS and Windows the official plugin. A notification that cannot be shown is
//! logged and forgotten: the in-app banner still shows it.

use chrono::{DateTime, Local};
use petstore_local::Language;
use tauri::Manager;

use crate::backend::{Backend, Notifier, OutboxNotice};
use crate::dto::{AlertLevel, QuotaAlert};
use crate::words::Msg;

/// The words of a notification in `language`: a title and one line. (Made here, at the edge,
/// since the OS shows them without the UI.)
pub fn words(alert: &QuotaAlert, language: Language) -> (String, String) {
    let env = Msg::environment(alert.environment).say(language, &[]);
    // After a 429 the time is when requests go again (a temporary ban outlasts the window).
    let when = match alert.level {
        AlertLevel::RateLimited => Msg::GoesAgain,
        AlertLevel::Low | AlertLevel::Exhausted => Msg::Renews,
    };
    let renews = alert
        .reset_at
        .as_deref()
        .and_then(|at| DateTime::parse_from_rfc3339(at).ok())
        .map(|at| {
            let time = at.with_timezone(&Local).format("%H:%M").to_string();
            when.say(language, &[("time", &time)])
        })
        .unwrap_or_default();
    let left = match (alert.remaining, alert.limit) {
        (Some(remaining), Some(limit)) => Msg::RequestsLeft.say(
            language,
            &[
                ("remaining", &remaining.to_string()),
                ("limit", &limit.to_string()),
            ],
        ),
        _ => String::new(),
    };
    let (title, body) = match alert.level {
        AlertLevel::Low => (Msg::QuotaLowTitle, left),
        AlertLevel::Exhausted => (
            Msg::QuotaExhaustedTitle,
            Msg::WaitForRenewal.say(language, &[]),
        ),
        AlertLevel::RateLimited => (Msg::RateLimitedTitle, Msg::SlowDown.say(language, &[])),
    };
    (
        title.say(language, &[("env", &env)]),
        format!("{body}{renews}"),
    )
}

/// The desktop's notifier.
#[derive(Debug, Clone)]
pub struct Desktop<R: tauri::Runtime> {
    app: tauri::AppHandle<R>,
}

impl<R: tauri::Runtime> Desktop<R> {
    pub fn new(app: tauri::AppHandle<R>) -> Self {
        Desktop { app }
    }
}

impl<R: tauri::Runtime> Desktop<R> {
    /// The language at the time of showing: Settings may have changed it since the start.
    fn language(&self) -> Language {
        self.app
            .try_state::<Backend>()
            .map_or(Language::English, |backend| backend.spoken_language())
    }
}

impl<R: tauri::Runtime> Notifier for Desktop<R> {
    fn notify(&self, alert: &QuotaAlert) {
        let (title, body) = words(alert, self.language());
        show(self, title, body);
    }

    fn outbox(&self, notice: &OutboxNotice) {
        let (title, body) = outbox_words(notice, self.language());
        show(self, title, body);
    }
}

/// The words of an outbox's notification in `language`: a title and one line.
pub fn outbox_words(notice: &OutboxNotice, language: Language) -> (String, String) {
    let env = |environment| Msg::environment(environment).say(language, &[]);
    match notice {
        OutboxNotice::Emptied { environment, sent } => (
            Msg::OutboxEmptiedTitle.say(language, &[("env", &env(*environment))]),
            Msg::OutboxEmptied.say(language, &[("count", &sent.to_string())]),
        ),
        OutboxNotice::Refused {
            environment,
            name,
            message,
        } => (
            Msg::OutboxRefusedTitle.say(language, &[("env", &env(*environment))]),
            Msg::OutboxRefused.say(language, &[("name", name), ("message", message)]),
        ),
    }
}

#[cfg(target_os = "linux")]
fn show<R: tauri::Runtime>(_desktop: &Desktop<R>, title: String, body: String) {
    // Off the caller's task: D-Bus may be slow or absent.
    std::thread::spawn(move || {
        if let Err(error) = freedesktop_notify(&title, &body) {
            log::info!("a quota alert was not shown as a notification: {error}");
        }
    });
}

#[cfg(target_os = "linux")]
fn freedesktop_notify(title: &str, body: &str) -> zbus::Result<()> {
    notify_on(&zbus::blocking::Connection::session()?, title, body)
}

/// `org.freedesktop.Notifications.Notify` (Desktop Notifications Specification 1.2) on `bus`.
#[cfg(target_os = "linux")]
fn notify_on(connection: &zbus::blocking::Connection, title: &str, body: &str) -> zbus::Result<()> {
    use std::collections::HashMap;
    let hints: HashMap<&str, zbus::zvariant::Value<'_>> = HashMap::new();
    connection.call_method(
        Some("org.freedesktop.Notifications"),
        "/org/freedesktop/Notifications",
        Some("org.freedesktop.Notifications"),
        "Notify",
        &(
            "Petstore Admin",
            0u32,
            "petstore-admin",
            title,
            body,
            Vec::<&str>::new(),
            hints,
            -1i32,
        ),
    )?;
    Ok(())
}

#[cfg(all(not(target_os = "linux"), feature = "native-notifications"))]
fn show<R: tauri::Runtime>(desktop: &Desktop<R>, title: String, body: String) {
    use tauri_plugin_notification::NotificationExt;
    if let Err(error) = desktop
        .app
        .notification()
        .builder()
        .title(title)
        .body(body)
        .show()
    {
        log::info!("a quota alert was not shown as a notification: {error}");
    }
}

/// A build without the plugin (the macOS check without Apple's SDK): the banner in the window
/// still says it.
#[cfg(all(not(target_os = "linux"), not(feature = "native-notifications")))]
fn show<R: tauri::Runtime>(_desktop: &Desktop<R>, title: String, _body: String) {
    log::info!("a quota alert was not shown as a notification (built without them): {title}");
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use std::collections::HashMap;
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    use std::sync::{Arc, Mutex};

    use super::*;
    use petstore_client::Environment;

    /// A notification server that keeps what it was asked to show.
    struct Server(Arc<Mutex<Vec<(String, String, String)>>>);

    #[zbus::interface(name = "org.freedesktop.Notifications")]
    impl Server {
        #[allow(clippy::too_many_arguments)]
        fn notify(
            &self,
            app_name: String,
            _replaces_id: u32,
            _app_icon: String,
            summary: String,
            body: String,
            _actions: Vec<String>,
            _hints: HashMap<String, zbus::zvariant::OwnedValue>,
            _expire_timeout: i32,
        ) -> u32 {
            self.0.lock().unwrap().push((app_name, summary, body));
            1
        }
    }

    /// A private bus (dbus-daemon, as in the tests' keychain session) with a notification
    /// server on it: the alert's words arrive as the specification's Notify call.
    #[test]
    fn an_alert_reaches_the_freedesktop_notification_service_with_its_words() {
        let mut daemon = Command::new("dbus-daemon")
            .args(["--session", "--nofork", "--print-address=1"])
            .stdout(Stdio::piped())
            .spawn()
            .expect("dbus-daemon (the tests' D-Bus session needs it too)");
        let mut address = String::new();
        BufReader::new(daemon.stdout.take().unwrap())
            .read_line(&mut address)
            .unwrap();
        let address = address.trim().to_owned();

        let shown = Arc::new(Mutex::new(Vec::new()));
        let _server = zbus::blocking::connection::Builder::address(address.as_str())
            .unwrap()
            .name("org.freedesktop.Notifications")
            .unwrap()
            .serve_at("/org/freedesktop/Notifications", Server(shown.clone()))
            .unwrap()
            .build()
            .unwrap();
        let client = zbus::blocking::connection::Builder::address(address.as_str())
            .unwrap()
            .build()
            .unwrap();
        let alert = QuotaAlert {
            environment: Environment::Staging,
            level: AlertLevel::Low,
            window: petstore_client::QuotaWindow::Minute,
            remaining: Some(8),
            limit: Some(60),
            reset_at: None,
            at: "2026-11-24T10:00:00.000Z".into(),
        };
        for language in Language::ALL {
            let (title, body) = words(&alert, language);
            notify_on(&client, &title, &body).unwrap();
        }
        let exhausted = QuotaAlert {
            environment: Environment::Production,
            level: AlertLevel::Exhausted,
            ..alert
        };
        let (title, body) = words(&exhausted, Language::German);
        notify_on(&client, &title, &body).unwrap();
        daemon.kill().ok();
        daemon.wait().ok();

        let shown = shown.lock().unwrap();
        assert_eq!(shown.len(), 3);
        assert!(shown.iter().all(|s| s.0 == "Petstore Admin"));
        assert_eq!(
            (shown[0].1.as_str(), shown[0].2.as_str()),
            ("Staging: quota running low", "8 of 60 requests left.")
        );
        assert_eq!(
            (shown[1].1.as_str(), shown[1].2.as_str()),
            ("Staging: Kontingent wird knapp", "8 von 60 Anfragen übrig.")
        );
        assert_eq!(
            (shown[2].1.as_str(), shown[2].2.as_str()),
            (
                "Produktion: keine Anfragen mehr übrig",
                "Anfragen warten, bis sich das Kontingent erneuert."
            )
        );
    }

    #[test]
    fn a_429_notification_says_when_requests_go_again_and_a_used_up_one_when_it_renews() {
        let at = "2026-11-24T10:05:00Z";
        let time = DateTime::parse_from_rfc3339(at)
            .unwrap()
            .with_timezone(&Local)
            .format("%H:%M")
            .to_string();
        let alert = |level| QuotaAlert {
            environment: Environment::Staging,
            level,
            window: petstore_client::QuotaWindow::Minute,
            remaining: Some(0),
            limit: Some(60),
            reset_at: Some(at.into()),
            at: "2026-11-24T10:00:00.000Z".into(),
        };
        let (_, body) = words(&alert(AlertLevel::RateLimited), Language::English);
        assert!(
            body.ends_with(&format!(" Requests go again at {time}.")),
            "{body}"
        );
        let (_, body) = words(&alert(AlertLevel::RateLimited), Language::German);
        assert!(
            body.ends_with(&format!(" Anfragen gehen um {time} wieder hinaus.")),
            "{body}"
        );
        let (_, body) = words(&alert(AlertLevel::Exhausted), Language::English);
        assert!(body.ends_with(&format!(" It renews at {time}.")), "{body}");
    }
}
