//! The update settings in force and the start-up check's once-a-day rule; the check and the
//! install themselves need the Tauri app (`crate::updates`).

use std::time::SystemTime;

use petstore_local::settings::{
    SystemSettings, UpdatePolicy, check_due, last_check, read_system_settings, record_check,
};

use petstore_client::OtherClientNetwork;

use super::Backend;
use crate::dto::{CommandError, UpdateSettings};

impl Backend {
    /// The proxy and company CAs the updater's HTTP uses: the API clients' own (loaded from the
    /// settings first, as before the first request).
    pub async fn updater_network(&self) -> Result<OtherClientNetwork, CommandError> {
        self.ensure_network().await?;
        Ok(self.clients.network().1.for_other_client())
    }

    /// The system-wide file (read now: an administrator may change it while the app runs) first,
    /// then the person's settings.
    pub fn update_policy(&self) -> UpdatePolicy {
        let system = match &self.system_settings_path {
            Some(path) => read_system_settings(path),
            None => SystemSettings::Absent,
        };
        if let SystemSettings::Unreadable(error) = &system {
            log::warn!(
                "the system-wide settings file cannot be read ({error}); update checks are off"
            );
        }
        UpdatePolicy::resolve(&system, self.settings().updates.as_ref())
    }

    pub fn update_settings(&self) -> UpdateSettings {
        let policy = self.update_policy();
        UpdateSettings {
            check: policy.check,
            managed: policy.managed,
            url: policy.url,
            current_version: env!("CARGO_PKG_VERSION").to_owned(),
        }
    }

    /// Turns the start-up check on or off in the person's settings. When an administrator
    /// decides it, nothing is written and the settings in force come back unchanged (the UI
    /// shows them as managed).
    pub fn save_update_check(&self, check: bool) -> Result<UpdateSettings, CommandError> {
        if !self.update_policy().managed {
            self.change_settings(|settings| {
                settings.updates.get_or_insert_default().check = Some(check);
                Ok(())
            })?;
        }
        Ok(self.update_settings())
    }

    /// Whether the start-up check should run now: on, and not run in the last day. Records the
    /// time when it answers yes, so that a failed check is not retried at every start.
    pub fn start_up_check_due(&self, now: SystemTime) -> bool {
        if !self.update_policy().check {
            return false;
        }
        let Some(stamp) = &self.update_stamp_path else {
            return true;
        };
        if !check_due(last_check(stamp), now) {
            return false;
        }
        if let Err(error) = record_check(stamp, now) {
            log::warn!(
                "the time of the update check could not be kept in {}: {error}",
                stamp.display()
            );
        }
        true
    }
}
