//! The Activity view's, the unconfirmed creates' and the Quota panel's commands.
//! Queries run on the blocking pool: SQLite is synchronous, and a query must not hold up the
//! runtime that carries the requests.
use std::path::Path;

use chrono::{DateTime, DurationRound, TimeDelta, Utc};
use petstore_activity::{
    self as activity, ActivityStore, Entry, ResolutionKind as StoreResolution,
};
use petstore_client::{Environment, NewPet, Operation, is_gateway_status, server_words};

use super::Backend;
use super::exports::write_file;
use crate::convert::instant;
use crate::dto::{
    ActivityEntry, ActivityFilter, ActivityPage, ActivityPet, ActivityQuota, ActivityResolution,
    ActivitySettings, ActivitySource, ActivityStatus, Answer, CommandError, CreatedPet, DayUse,
    Field, OperationCount, QuotaHistory, QuotaPoint, QuotaRange, ResolutionKind, SavedFile,
};

/// The most entries one `list_activity` call returns (the view asks for windows of rows).
const MAX_PAGE: u32 = 500;

impl Backend {
    pub fn activity_status(&self) -> ActivityStatus {
        self.history.status()
    }

    pub async fn list_activity(
        &self,
        filter: ActivityFilter,
        offset: u32,
        limit: u32,
    ) -> Result<ActivityPage, CommandError> {
        let filter = store_filter(&filter)?;
        let limit = limit.clamp(1, MAX_PAGE);
        self.on_store(move |store| {
            let total = store.count(&filter)?;
            let entries = store.query(&filter, u64::from(offset), limit)?;
            Ok(ActivityPage {
                entries: entries.iter().map(entry).collect(),
                total: u32::try_from(total).unwrap_or(u32::MAX),
            })
        })
        .await
    }

    pub async fn unconfirmed_creates(&self) -> Result<Vec<ActivityEntry>, CommandError> {
        self.on_store(|store| Ok(store.unconfirmed()?.iter().map(entry).collect()))
            .await
    }

    /// "Try again": an explicit new create of the same pet in the entry's environment; the old
    /// entry is settled as retried, with the new pet's id.
    /// The environment's create slot is held from reading the entry to settling it, so the same
    /// entry is never added again twice (a double click, a second window).
    pub async fn retry_unconfirmed(&self, id: &str) -> Result<CreatedPet, CommandError> {
        let env = self.unconfirmed_entry(id).await?.0.record.environment;
        let _slot = self.creates.claim(env)?;
        let (record, pet) = self.unconfirmed_entry(id).await?;
        let created = self
            // The person said yes to "Add it again?": the record's "may have been added" is
            // what they were asked about.
            .create_in_slot(env, &pet, petstore_bulk::CreateSource::AddAgain, true)
            .await?;
        let entry_id = record.id;
        let pet_id = created.pet.id.parse::<i64>().ok();
        self.on_store(move |store| {
            store.resolve(entry_id, resolution(StoreResolution::Retried, pet_id))
        })
        .await?;
        Ok(created)
    }

    pub async fn dismiss_unconfirmed(&self, id: &str) -> Result<ActivityEntry, CommandError> {
        let entry_id = parse_id(id)?;
        let updated = self
            .on_store(move |store| {
                store.resolve(entry_id, resolution(StoreResolution::Dismissed, None))
            })
            .await?;
        updated
            .as_ref()
            .map(entry)
            .ok_or_else(|| CommandError::NotFound(Answer::default()))
    }

    pub async fn quota_history(
        &self,
        env: Environment,
        range: QuotaRange,
    ) -> Result<QuotaHistory, CommandError> {
        let base_url = self.base_url(env, false).await?.as_str().to_owned();
        let to = Utc::now();
        let from = to
            - match range {
                QuotaRange::Hour => TimeDelta::hours(1),
                QuotaRange::Day => TimeDelta::days(1),
            };
        let history = self
            .on_store(move |store| store.quota_history(&base_url, from, to))
            .await?;
        Ok(quota_history(env, range, from, to, history))
    }

    pub async fn export_activity(
        &self,
        path: &Path,
        filter: ActivityFilter,
    ) -> Result<SavedFile, CommandError> {
        let filter = store_filter(&filter)?;
        let store = self.history.store()?.clone();
        let shown = path.to_owned();
        let (kept, written) = tokio::task::spawn_blocking(move || {
            let mut written = 0;
            let kept = write_file(&shown, |out| {
                written = store
                    .export_csv(&filter, out)
                    .map_err(std::io::Error::other)?;
                Ok(())
            })?;
            Ok::<_, CommandError>((kept, written))
        })
        .await
        .map_err(|_| CommandError::ActivityUnavailable)??;
        log::info!("{written} activity entries exported");
        Ok(SavedFile {
            path: path.display().to_string(),
            kept_as: kept.map(|k| k.display().to_string()),
            pets: Some(count(written)),
            incomplete: false,
        })
    }

    pub fn activity_settings(&self) -> ActivitySettings {
        let settings = self
            .settings()
            .activity
            .clone()
            .unwrap_or_default()
            .effective();
        ActivitySettings {
            retention_days: settings.retention_days,
            max_entries: u32::try_from(settings.max_entries).unwrap_or(u32::MAX),
            alerts: settings.alerts,
        }
    }

    /// Saves the history's retention and the alerts switch; out-of-range values are refused
    /// (naming the field), never silently changed.
    pub fn save_activity_settings(
        &self,
        wanted: ActivitySettings,
    ) -> Result<ActivitySettings, CommandError> {
        use petstore_local::ActivitySettings as Local;
        if !Local::RETENTION_DAYS.contains(&wanted.retention_days) {
            return Err(CommandError::input(Field::RetentionDays, None));
        }
        if !Local::MAX_ENTRIES.contains(&u64::from(wanted.max_entries)) {
            return Err(CommandError::input(Field::MaxEntries, None));
        }
        let local = Local {
            retention_days: wanted.retention_days,
            max_entries: u64::from(wanted.max_entries),
            alerts: wanted.alerts,
        };
        self.change_settings(|settings| {
            settings.activity = Some(local.into());
            Ok(())
        })?;
        self.history.set_retention(&local);
        self.alerts.set_enabled(local.alerts);
        Ok(self.activity_settings())
    }

    pub(super) async fn on_store<T: Send + 'static>(
        &self,
        work: impl FnOnce(&ActivityStore) -> Result<T, activity::ActivityError> + Send + 'static,
    ) -> Result<T, CommandError> {
        let store = self.history.store()?.clone();
        tokio::task::spawn_blocking(move || work(&store))
            .await
            .map_err(|_| CommandError::ActivityUnavailable)?
            .map_err(|error| {
                log::warn!("activity history: {error}");
                CommandError::ActivityUnavailable
            })
    }

    /// The entry `id`, which must be a create still unconfirmed, and the pet it sent.
    pub(super) async fn unconfirmed_entry(
        &self,
        id: &str,
    ) -> Result<(Entry, NewPet), CommandError> {
        let entry_id = parse_id(id)?;
        let found = self.on_store(move |store| store.get(entry_id)).await?;
        let not_found = || CommandError::NotFound(Answer::default());
        let record = found.ok_or_else(not_found)?;
        let note = record.record.pet.clone().filter(|_| {
            record.record.operation == Operation::CreatePet && record.resolution.is_none()
        });
        let pet = note
            .and_then(|note| Some(NewPet::new(note.name.as_deref()?, note.category_id?, None)))
            .ok_or_else(not_found)?
            .map_err(CommandError::from)?;
        Ok((record, pet))
    }
}

pub(super) fn parse_id(id: &str) -> Result<i64, CommandError> {
    id.parse()
        .map_err(|_| CommandError::input(Field::Id, Some(id.to_owned())))
}

pub(super) fn resolution(kind: StoreResolution, pet_id: Option<i64>) -> activity::Resolution {
    activity::Resolution {
        kind,
        pet_id,
        at: Utc::now(),
    }
}

fn when(text: &Option<String>, field: Field) -> Result<Option<DateTime<Utc>>, CommandError> {
    text.as_deref()
        .map(|t| {
            DateTime::parse_from_rfc3339(t)
                .map(|t| t.with_timezone(&Utc))
                .map_err(|_| CommandError::input(field, None))
        })
        .transpose()
}

fn store_filter(filter: &ActivityFilter) -> Result<activity::Filter, CommandError> {
    Ok(activity::Filter {
        environment: filter.environment,
        base_url: None,
        operation: filter.operation,
        outcome: filter.outcome,
        since: when(&filter.since, Field::Since)?,
        until: when(&filter.until, Field::Until)?,
        search: filter
            .search
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| s.chars().take(200).collect()),
    })
}

fn count(n: u64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

fn millis(duration: std::time::Duration) -> u32 {
    u32::try_from(duration.as_millis()).unwrap_or(u32::MAX)
}

pub(super) fn entry(entry: &Entry) -> ActivityEntry {
    let record = &entry.record;
    ActivityEntry {
        id: entry.id.to_string(),
        at: instant(record.started_at),
        environment: record.environment,
        base_url: record.base_url.clone(),
        source: match entry.source {
            activity::Source::App => ActivitySource::App,
            activity::Source::Cli => ActivitySource::Cli,
        },
        operation: record.operation,
        method: record.method.to_owned(),
        path: record.path.clone(),
        status: record.status,
        duration_ms: millis(record.duration),
        attempts: record.attempts,
        waited_ms: millis(record.waited),
        rate_limited: record.rate_limited,
        outcome: record.outcome,
        error_kind: record.error_kind,
        server_code: record.server_code.clone(),
        server_message: record
            .server_message
            .as_deref()
            .and_then(|said| server_words(said, record.server_code.as_deref())),
        gateway: record.status.is_some_and(is_gateway_status),
        quota: record.rate_limit.as_ref().map(|q| ActivityQuota {
            limit: q.limit.map(count),
            remaining: q.remaining.map(count),
            reset_at: q.reset_at.map(instant),
            window: q.window,
        }),
        pet: record.pet.as_ref().map(|p| ActivityPet {
            name: p.name.clone(),
            category_id: p.category_id.map(|c| c.to_string()),
            id: p.id.map(|id| id.to_string()),
        }),
        pets_returned: record.pets_returned,
        resolution: entry.resolution.as_ref().map(|r| ActivityResolution {
            kind: match r.kind {
                StoreResolution::Found => ResolutionKind::Found,
                StoreResolution::Retried => ResolutionKind::Retried,
                StoreResolution::Dismissed => ResolutionKind::Dismissed,
            },
            pet_id: r.pet_id.map(|id| id.to_string()),
            at: instant(r.at),
        }),
    }
}

fn quota_history(
    env: Environment,
    range: QuotaRange,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    history: activity::QuotaHistory,
) -> QuotaHistory {
    let today = history.day_window;
    QuotaHistory {
        environment: env,
        range,
        from: instant(from),
        to: instant(to),
        points: history
            .points
            .iter()
            .map(|p| QuotaPoint {
                at: instant(p.at),
                remaining: count(p.remaining),
                limit: count(p.limit),
                window: p.window,
            })
            .collect(),
        resets: history.resets.into_iter().map(instant).collect(),
        rate_limited: history.rate_limited.into_iter().map(instant).collect(),
        by_operation: history
            .requests_by_operation
            .into_iter()
            .map(|(operation, requests)| OperationCount {
                operation,
                requests: count(requests),
            })
            .collect(),
        today: DayUse {
            since: instant(
                today
                    .since
                    .duration_trunc(TimeDelta::seconds(1))
                    .unwrap_or(today.since),
            ),
            used: count(today.used),
            day_limit: today.day_limit.map(count),
            remaining: today.remaining.map(count),
            plan: today.plan,
        },
    }
}
