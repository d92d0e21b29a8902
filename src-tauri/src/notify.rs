//! Quota alerts as native notifications. On Linux the freedesktop Notifications service over
//! D-Bus, through the zbus the app already has (the notification plugin would bring a second
//! zbus); on macOS and Windows the official plugin. A notification that cannot be shown is
//! logged and forgotten: the in-app banner still shows it.

use chrono::{DateTime, Local};
use petstore_client::Environment;

use crate::backend::Notifier;
use crate::dto::{AlertLevel, QuotaAlert};

/// The words of a notification: a title and one line. (Made here, at the edge, since the OS
/// shows them without the UI.)
pub fn words(alert: &QuotaAlert) -> (String, String) {
    let env = match alert.environment {
        Environment::Production => "Production",
        Environment::Staging => "Staging",
        Environment::Sandbox => "Sandbox",
    };
    let renews = alert
        .reset_at
        .as_deref()
        .and_then(|at| DateTime::parse_from_rfc3339(at).ok())
        .map(|at| {
            format!(
                " It renews at {}.",
                at.with_timezone(&Local).format("%H:%M")
            )
        })
        .unwrap_or_default();
    let left = match (alert.remaining, alert.limit) {
        (Some(remaining), Some(limit)) => format!("{remaining} of {limit} requests left."),
        _ => String::new(),
    };
    match alert.level {
        AlertLevel::Low => (
            format!("{env}: quota running low"),
            format!("{left}{renews}"),
        ),
        AlertLevel::Exhausted => (
            format!("{env}: no requests left"),
            format!("Requests wait until the quota renews.{renews}"),
        ),
        AlertLevel::RateLimited => (
            format!("{env}: the service asked to slow down"),
            format!("It answered 429 Too Many Requests; requests wait as it asked.{renews}"),
        ),
    }
}

/// The desktop's notifier.
#[derive(Debug, Clone)]
pub struct Desktop<R: tauri::Runtime> {
    #[cfg_attr(target_os = "linux", allow(dead_code))]
    app: tauri::AppHandle<R>,
}

impl<R: tauri::Runtime> Desktop<R> {
    pub fn new(app: tauri::AppHandle<R>) -> Self {
        Desktop { app }
    }
}

impl<R: tauri::Runtime> Notifier for Desktop<R> {
    fn notify(&self, alert: &QuotaAlert) {
        let (title, body) = words(alert);
        show(self, title, body);
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

/// `org.freedesktop.Notifications.Notify` (Desktop Notifications Specification 1.2).
#[cfg(target_os = "linux")]
fn freedesktop_notify(title: &str, body: &str) -> zbus::Result<()> {
    use std::collections::HashMap;
    let connection = zbus::blocking::Connection::session()?;
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

#[cfg(not(target_os = "linux"))]
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
