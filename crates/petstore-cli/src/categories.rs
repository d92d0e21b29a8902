//! Category names an import file gives beside the numbers: `petstore import`
//! adds them to this computer's list for the environment, as the app's import does, never
//! replacing a name already there. The list is the settings file's (`petstore-local`).

use petstore_bulk::ParsedFile;
use petstore_client::Environment;
use petstore_local::{Merge, SettingsFile};

use crate::exit::CliError;
use crate::output;
use crate::words::{BulkMsg, say};

/// Refused names listed one by one before "and N more".
const REFUSED_SHOWN: usize = 10;

/// Adds the file's names to `env`'s list (nothing when the file has none).
pub fn learn(env: Environment, file: &ParsedFile) -> Result<(), CliError> {
    let offers = offers(file);
    if offers.is_empty() {
        return Ok(());
    }
    let Some(settings) = SettingsFile::default_location() else {
        eprintln!("{}", say(BulkMsg::NamesNotKept, &[]));
        return Ok(());
    };
    let (_, merge) = settings.update(|s| Ok(s.category_names.merge(env, offers)))?;
    describe(env, &merge, false);
    Ok(())
}

/// What [`learn`] would add, for `--dry-run`: nothing is written.
pub fn would_learn(env: Environment, file: &ParsedFile) -> Result<(), CliError> {
    let offers = offers(file);
    if offers.is_empty() {
        return Ok(());
    }
    let mut settings = petstore_local::Settings::load()?;
    let merge = settings.category_names.merge(env, offers);
    describe(env, &merge, true);
    Ok(())
}

fn offers(file: &ParsedFile) -> Vec<(u64, i64, String)> {
    file.category_names()
        .into_iter()
        .map(|named| (named.line, named.id, named.name))
        .collect()
}

fn describe(env: Environment, merge: &Merge<u64>, dry_run: bool) {
    let added = output::count(merge.added.len() as u64);
    let known = match merge.unchanged {
        0 => String::new(),
        n => say(BulkMsg::NamesKnown, &[("n", &output::count(n as u64))]),
    };
    let msg = match dry_run {
        true => BulkMsg::NamesWouldBeLearned,
        false => BulkMsg::NamesLearned,
    };
    eprintln!(
        "{}",
        say(msg, &[("n", &added), ("env", &env), ("known", &known)])
    );
    for refused in merge.refused.iter().take(REFUSED_SHOWN) {
        let why = crate::explain::category(&refused.why);
        eprintln!(
            "{}",
            say(
                BulkMsg::NameRefused,
                &[
                    ("line", &refused.at),
                    ("name", &refused.name),
                    ("id", &refused.id),
                    ("why", &why),
                ],
            )
        );
    }
    if merge.refused.len() > REFUSED_SHOWN {
        let more = merge.refused.len() - REFUSED_SHOWN;
        eprintln!("{}", say(BulkMsg::NamesMore, &[("n", &more)]));
    }
}
