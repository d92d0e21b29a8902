//! `petstore export`: every pet (or those of a status) to a file or standard output.

use petstore_bulk::{ExportFormat, SafeFile};
use petstore_client::Priority;

use super::runtime;
use crate::args::{Cli, ExportArgs};
use crate::exit::CliError;
use crate::notices::{self, WaitState};
use crate::output;
use crate::session;
use crate::words::{BulkMsg, say};

pub fn export(cli: &Cli, args: &ExportArgs) -> Result<(), CliError> {
    let format = args.format.unwrap_or(if cli.json {
        ExportFormat::Json
    } else {
        ExportFormat::Csv
    });
    let mut target = match &args.output {
        Some(path) => Some(SafeFile::create(path, args.force)?),
        None => None,
    };
    let session = session::prepare(cli)?;
    // The same list the app shows, from the same settings file; never sent.
    let names = match args.category_names {
        true => Some(
            petstore_local::Settings::load()?
                .category_names
                .map(session.config.environment),
        ),
        false => None,
    };
    let runtime = runtime()?;
    let surveyed = runtime.block_on(async {
        // Bulk work: full speed alone on the key, paced and leaving the window's end to people
        // once other desks spend it too.
        let client = session.client()?.with_priority(Priority::Batch);
        notices::spawn(client.subscribe(), WaitState::default());
        let status = args.status.clone();
        let names = names.as_ref();
        let count = match &mut target {
            Some(file) => {
                petstore_bulk::export(&client, status, format, names, file.writer()).await?
            }
            None => {
                let stdout = std::io::stdout().lock();
                let out = std::io::BufWriter::new(stdout);
                petstore_bulk::export(&client, status, format, names, out).await?
            }
        };
        Ok::<_, CliError>(count)
    })?;
    let count = surveyed.count;
    match (target, &args.output) {
        (Some(file), Some(path)) => {
            if let Some(kept) = file.commit()? {
                let kept = kept.display();
                eprintln!("{}", say(BulkMsg::ExportKept, &[("path", &kept)]));
            }
            let (count, path) = (output::count(count), path.display());
            eprintln!(
                "{}",
                say(BulkMsg::ExportedTo, &[("count", &count), ("path", &path)])
            );
        }
        _ => eprintln!(
            "{}",
            say(BulkMsg::Exported, &[("count", &output::count(count))])
        ),
    }
    if !surveyed.complete {
        return Err(CliError::ExportIncomplete { count });
    }
    Ok(())
}
