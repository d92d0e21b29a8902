//! The activity history's settings: how long it keeps entries, and whether quota alerts show.
//! Kept in `settings.json` under `activity`; every field optional (absent: the default), and
//! checked when read, since the file is hand-editable.

use serde::{Deserialize, Serialize};

/// As the file holds them. Read them through [`ActivityPrefs::effective`].
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ActivityPrefs {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retention_days: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_entries: Option<u64>,
    /// Quota alerts (a notification and a banner); on unless turned off.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alerts: Option<bool>,
}

/// The settings in force: defaults for what is absent, values out of range brought into it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActivitySettings {
    pub retention_days: u32,
    pub max_entries: u64,
    pub alerts: bool,
}

impl ActivitySettings {
    pub const DEFAULT_RETENTION_DAYS: u32 = 90;
    pub const DEFAULT_MAX_ENTRIES: u64 = 200_000;
    /// A day at least; ten years at most.
    pub const RETENTION_DAYS: std::ops::RangeInclusive<u32> = 1..=3650;
    /// Enough for a busy hour; at most half a million, which the Activity view's scrolled list
    /// can still hold (500,000 rows of 37 px stay under WebKit's ~33 million px element height)
    /// and which keeps the file near 120 MB.
    pub const MAX_ENTRIES: std::ops::RangeInclusive<u64> = 1_000..=500_000;
}

impl Default for ActivitySettings {
    fn default() -> Self {
        ActivitySettings {
            retention_days: Self::DEFAULT_RETENTION_DAYS,
            max_entries: Self::DEFAULT_MAX_ENTRIES,
            alerts: true,
        }
    }
}

impl ActivityPrefs {
    pub fn effective(&self) -> ActivitySettings {
        let defaults = ActivitySettings::default();
        let days = ActivitySettings::RETENTION_DAYS;
        let entries = ActivitySettings::MAX_ENTRIES;
        ActivitySettings {
            retention_days: self.retention_days.map_or(defaults.retention_days, |d| {
                d.clamp(*days.start(), *days.end())
            }),
            max_entries: self.max_entries.map_or(defaults.max_entries, |n| {
                n.clamp(*entries.start(), *entries.end())
            }),
            alerts: self.alerts.unwrap_or(defaults.alerts),
        }
    }
}

impl From<ActivitySettings> for ActivityPrefs {
    fn from(settings: ActivitySettings) -> Self {
        ActivityPrefs {
            retention_days: Some(settings.retention_days),
            max_entries: Some(settings.max_entries),
            alerts: Some(settings.alerts),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absent_fields_are_the_defaults_and_hand_edits_are_brought_into_range() {
        assert_eq!(
            ActivityPrefs::default().effective(),
            ActivitySettings::default()
        );
        let edited: ActivityPrefs = serde_json::from_str(
            r#"{"retentionDays": 0, "maxEntries": 99999999999, "alerts": false}"#,
        )
        .unwrap();
        let effective = edited.effective();
        assert_eq!(effective.retention_days, 1);
        assert_eq!(effective.max_entries, 500_000);
        assert!(!effective.alerts);
    }
}
