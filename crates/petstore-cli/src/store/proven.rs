//! What `store connect` and `store status` say they proved: reached (encrypted, or on this
//! computer), signed in, the schema's version, the other desks seen. Holds no password.

use petstore_local::StoreSource;

use crate::exit::CliError;
use crate::output;
use crate::words::{StoreMsg, say};

pub use petstore_bulk::shared_desk::Proof as Proven;

/// `source`: `None` for `connect` (the person's own), else who set the store up.
pub fn print(json: bool, proven: &Proven, source: Option<StoreSource>) -> Result<(), CliError> {
    if json {
        let mut value = serde_json::to_value(proven)
            .map_err(|err| CliError::Internal(format!("could not encode JSON: {err}")))?;
        if let Some(object) = value.as_object_mut() {
            object.insert("reached".into(), true.into());
            object.insert("signedIn".into(), true.into());
            object.insert("sharing".into(), true.into());
            if let Some(source) = source {
                object.insert(
                    "setBy".into(),
                    serde_json::to_value(source).unwrap_or_default(),
                );
            }
        }
        return output::print_json(&value);
    }
    let mut lines = vec![match source {
        None => say(
            StoreMsg::Connected,
            &[("desk", &proven.desk), ("address", &proven.address)],
        ),
        Some(source) => {
            let set_by = say(
                match source {
                    StoreSource::Person => StoreMsg::SetByPerson,
                    StoreSource::System => StoreMsg::SetBySystem,
                },
                &[],
            );
            say(
                StoreMsg::Status,
                &[
                    ("address", &proven.address),
                    ("desk", &proven.desk),
                    ("source", &set_by),
                ],
            )
        }
    }];
    let reached = match proven.encrypted {
        true => StoreMsg::ProvenEncrypted,
        false => StoreMsg::ProvenLoopback,
    };
    lines.push(say(
        reached,
        &[("host", &proven.host), ("port", &proven.port)],
    ));
    lines.push(say(
        StoreMsg::ProvenSignedIn,
        &[("user", &proven.user), ("database", &proven.database)],
    ));
    lines.push(say(
        StoreMsg::ProvenSchema,
        &[
            ("version", &proven.schema_version),
            ("known", &proven.known_version),
        ],
    ));
    lines.push(say(
        StoreMsg::ProvenDesks,
        &[("count", &proven.other_desks)],
    ));
    if let Some((added, known)) = proven.joined {
        lines.push(say(
            StoreMsg::Joined,
            &[("added", &added), ("known", &known)],
        ));
    }
    lines.push(say(StoreMsg::Sharing, &[]));
    output::print(&format!("{}\n", lines.join("\n")))
}
