//! Client events, forwarded to the UI as the contract's events, tagged with their environment.

use std::sync::Arc;

use petstore_client::{ClientEvent, Environment};
use tokio::sync::broadcast::{Receiver, error::RecvError};

use crate::backend::Alerts;
use crate::convert::instant;
use crate::dto::{AppEvent, Deprecation, Quota, Resumed, Waiting};

/// Where events go: the Tauri app in the desktop, a list in tests.
pub trait EventSink: Send + Sync + 'static {
    fn emit(&self, event: AppEvent);
}

/// An event sink that drops everything (a backend nobody listens to).
#[derive(Debug, Clone, Copy, Default)]
pub struct NoEvents;

impl EventSink for NoEvents {
    fn emit(&self, _event: AppEvent) {}
}

pub fn to_app_event(event: &ClientEvent, env: Environment) -> AppEvent {
    match event {
        ClientEvent::RateLimit(snapshot) => AppEvent::Quota(Quota::from_snapshot(snapshot, env)),
        ClientEvent::Waiting { until, reason } => AppEvent::Waiting(Waiting {
            until: instant(*until),
            reason: *reason,
            environment: env,
        }),
        ClientEvent::Resumed => AppEvent::Resumed(Resumed { environment: env }),
        ClientEvent::Deprecation(notice) => AppEvent::Deprecation(Deprecation::from(notice)),
    }
}

/// Forwards until the client and all its clones are gone; a slow UI only loses old events. Each
/// event may also raise a quota alert (`Alerts` decides, and notifies the OS).
pub fn forward(
    mut events: Receiver<ClientEvent>,
    env: Environment,
    sink: Arc<dyn EventSink>,
    alerts: Arc<Alerts>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            match events.recv().await {
                Ok(event) => {
                    sink.emit(to_app_event(&event, env));
                    if let Some(alert) = alerts.consider(env, &event) {
                        sink.emit(AppEvent::QuotaAlert(alert));
                    }
                }
                Err(RecvError::Lagged(_)) => continue,
                Err(RecvError::Closed) => break,
            }
        }
    })
}
