//! Category names an import file gives beside the numbers (issue 14 §3): `petstore import`
//! adds them to this computer's list for the environment, as the app's import does, never
//! replacing a name already there. The list is the settings file's (`petstore-local`).

use petstore_bulk::ParsedFile;
use petstore_client::Environment;
use petstore_local::{Merge, SettingsFile};

use crate::exit::CliError;
use crate::output;

/// Refused names listed one by one before "and N more".
const REFUSED_SHOWN: usize = 10;

/// Adds the file's names to `env`'s list (nothing when the file has none).
pub fn learn(env: Environment, file: &ParsedFile) -> Result<(), CliError> {
    let offers = offers(file);
    if offers.is_empty() {
        return Ok(());
    }
    let Some(settings) = SettingsFile::default_location() else {
        eprintln!("The file's category names were not kept: this computer has no settings folder.");
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
    eprintln!(
        "{added} category names {} for {env}{}.",
        if dry_run {
            "would be learned"
        } else {
            "learned"
        },
        match merge.unchanged {
            0 => String::new(),
            n => format!(" ({} already known)", output::count(n as u64)),
        }
    );
    for refused in merge.refused.iter().take(REFUSED_SHOWN) {
        eprintln!(
            "  line {}: \u{201c}{}\u{201d} not used for category {}: {}",
            refused.at, refused.name, refused.id, refused.why
        );
    }
    if merge.refused.len() > REFUSED_SHOWN {
        eprintln!(
            "  … and {} more names not used.",
            merge.refused.len() - REFUSED_SHOWN
        );
    }
}
