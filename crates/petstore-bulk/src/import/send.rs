//! Sending the rows: one create at a time, journalled before and after, and what each
//! failure means for the row and for the run.

use petstore_client::{Error, ErrorKind, NewPet};

use super::{Import, ImportError, MAX_UNKNOWN_IN_A_ROW, Phase, Stop, StopCause, Waited};
use crate::created::{may_have_created, row_key};
use crate::journal::{RowState, UnknownReason};

/// How an error of one create decides the row and the run.
enum Verdict {
    /// Refused: not created. The run goes on with the next row.
    Failed,
    /// Refused for a reason every further row would meet: not created, and the run stops.
    Fatal,
    /// May have been created: reconciled later, never resent blindly.
    Unknown,
}

fn verdict(error: &Error) -> Verdict {
    if may_have_created(error) {
        Verdict::Unknown
    } else if matches!(
        error.kind(),
        ErrorKind::BadRequest | ErrorKind::InvalidInput
    ) {
        Verdict::Failed
    } else {
        Verdict::Fatal
    }
}

fn kind_word(kind: ErrorKind) -> String {
    serde_json::to_value(kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_else(|| "error".to_owned())
}

impl Import {
    /// Sends each row that may be sent. `resend_unknown` off: only pending and failed rows.
    pub(super) async fn send_rows(
        &mut self,
        rows: &[(usize, NewPet)],
        phase: Phase,
        first_pass: bool,
    ) -> Result<Option<Stop>, ImportError> {
        let mut unknown_in_a_row = 0;
        for (index, pet) in rows {
            let may_send = match self.journal.state(*index) {
                RowState::Pending | RowState::Failed { .. } => {
                    first_pass && !self.repeats.contains_key(index)
                }
                RowState::Unknown {
                    reason: UnknownReason::NotFound,
                } => !first_pass,
                RowState::Created { .. } | RowState::Sent | RowState::Unknown { .. } => false,
            };
            if !may_send {
                continue;
            }
            let paused = self.control.is_paused();
            if paused {
                self.publish(phase);
            }
            if !self.control.may_go().await {
                return Ok(Some(Stop::Cancelled));
            }
            if paused {
                // Resumed: say so before the request, which may wait for the quota.
                self.publish(phase);
            }
            let key = row_key(&self.journal_name, *index);
            let source = self.source(*index);
            let (mut learnt, mut recorded) = (None, false);
            let result = loop {
                let stop = match self.wait_out(phase, learnt).await {
                    Waited::Go => None,
                    Waited::Cancelled => Some(Stop::Cancelled),
                    Waited::TooLong(stop) => Some(stop),
                };
                if let Some(stop) = stop {
                    if recorded {
                        // Refused by the wait, never created: sent again by the next run.
                        let kind = kind_word(ErrorKind::RateLimited);
                        self.record(*index, RowState::Failed { kind })?;
                        self.created.record_refused(&key)?;
                        self.publish(phase);
                    }
                    return Ok(Some(stop));
                }
                if !recorded {
                    // Both records before the request goes: a crash after it leaves "may have
                    // been added", never a create nobody knows of.
                    self.created.record_sent(&key, pet, source.clone())?;
                    self.record(*index, RowState::Sent)?;
                    recorded = true;
                }
                match self.watched(phase, self.client.create_pet(pet)).await {
                    // Not sent (a wait longer than the client sleeps in one call) or answered
                    // 429: not created. The wait is sat out here and the row goes again.
                    Err(Error::RateLimited { retry_at, .. }) => learnt = Some(retry_at),
                    result => break result,
                }
            };
            let stop = match result {
                Ok(response) => {
                    let id = response.value.id;
                    self.record(*index, RowState::Created { id })?;
                    self.created.record_created(Some(&key), pet, id, source)?;
                    unknown_in_a_row = 0;
                    None
                }
                Err(error) => {
                    let kind = error.kind();
                    match verdict(&error) {
                        Verdict::Unknown => {
                            log::warn!("import row {index}: outcome unknown ({error})");
                            let reason = UnknownReason::Outcome;
                            self.record(*index, RowState::Unknown { reason })?;
                            unknown_in_a_row += 1;
                            (unknown_in_a_row >= MAX_UNKNOWN_IN_A_ROW).then(|| Stop::KeptFailing {
                                rows: unknown_in_a_row,
                                kind,
                                message: error.to_string(),
                                cause: Some(StopCause::new(error)),
                            })
                        }
                        Verdict::Failed => {
                            let kind = kind_word(kind);
                            self.record(*index, RowState::Failed { kind })?;
                            self.created.record_refused(&key)?;
                            unknown_in_a_row = 0;
                            None
                        }
                        Verdict::Fatal => {
                            let word = kind_word(kind);
                            self.record(*index, RowState::Failed { kind: word })?;
                            self.created.record_refused(&key)?;
                            Some(Stop::Failed {
                                kind,
                                message: error.to_string(),
                                cause: Some(StopCause::new(error)),
                            })
                        }
                    }
                }
            };
            self.publish(phase);
            if stop.is_some() {
                return Ok(stop);
            }
        }
        Ok(None)
    }
}
