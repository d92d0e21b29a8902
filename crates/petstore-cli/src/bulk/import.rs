//! `petstore import`: read and check the file, confirm for production, run the import with
//! its progress, and write the report.

use std::io::{IsTerminal, Read, Write};
use std::path::Path;

use petstore_bulk::{Import, ImportOptions, ImportReport, SafeFile};
use petstore_client::{Environment, Priority};

use super::preview::{describe_file, describe_repeats, dry_run, dry_run_repeats};
use super::runtime;
use super::summary::summarize;
use crate::args::{Cli, ImportArgs};
use crate::categories;
use crate::exit::CliError;
use crate::notices::{self, WaitState};
use crate::output;
use crate::progress;
use crate::session;
use crate::store;
use crate::words::{BulkMsg, say};

pub fn import(cli: &Cli, args: &ImportArgs) -> Result<(), CliError> {
    let (bytes, size) = read_file(&args.file)?;
    let file = petstore_bulk::parse_read(&bytes, size).map_err(|source| CliError::Contract {
        path: args.file.clone(),
        source,
    })?;
    describe_file(&file);
    if args.dry_run {
        let (env, _) = session::environment(cli)?;
        categories::would_learn(env, &file)?;
        let repeats = dry_run_repeats(cli, &bytes, &file)?;
        return dry_run(cli, &file, &repeats.rows, args.allow_repeats);
    }
    let session = session::prepare(cli)?;
    let env = session.config.environment;
    let valid = file.valid_rows().count();
    if env == Environment::Production && !args.yes {
        confirm_production(valid)?;
    }
    categories::learn(env, &file)?;
    let data_dir = petstore_local::data_dir().ok_or(CliError::NoDataDir)?;
    // The shared store's settings and password, read before the runtime (the keychain runs
    // its own).
    let shared = store::gate::prepare()?;
    // How old a stopped desk's claim must be to be settled (refused here, before anything).
    let stale = store::dead::stale_after()?;
    let runtime = runtime()?;
    let report = runtime.block_on(async {
        // Before anything starts: other desks' rows checked, or the person told they cannot be.
        let mut gate = store::gate::open(shared).await;
        store::import::go_on_unchecked(&gate, args.unchecked)?;
        // Bulk work: full speed alone on the key, paced and leaving the window's end to people
        // once other desks spend it too.
        let client = session.client()?.with_priority(Priority::Batch);
        notices::spawn(client.subscribe(), WaitState::default());
        let mut import = Import::prepare(&data_dir, &bytes, file, &client)?;
        let source = std::fs::canonicalize(&args.file).unwrap_or_else(|_| args.file.clone());
        import.record_source(&source, &file_name(&args.file))?;
        let environment = client.base_url().as_str().to_owned();
        // Claims left by desks that stopped are settled first: a row one of them did not add
        // is then claimed and sent by this run.
        store::dead::settle(&mut gate, &client, &environment, stale).await?;
        let claimed = store::import::claim_rows(
            &mut gate,
            &mut import,
            &environment,
            &file_name(&args.file),
            args.allow_repeats,
        )
        .await?;
        log::info!("import journal: {}", import.journal_path().display());
        if import.resumed() {
            eprintln!("{}", say(BulkMsg::Resuming, &[("url", &client.base_url())]));
        }
        describe_repeats(&import.file().rows, import.repeats(), args.allow_repeats);
        let count = output::count(import.to_send() as u64);
        let url = client.base_url();
        eprintln!(
            "{}",
            say(
                BulkMsg::Importing,
                &[("count", &count), ("env", &env), ("url", &url)]
            )
        );
        let control = import.control();
        tokio::spawn(async move {
            if tokio::signal::ctrl_c().await.is_ok() {
                eprintln!("{}", say(BulkMsg::Stopping, &[]));
                control.cancel();
            }
        });
        let shown = progress::spawn(import.progress());
        let options = ImportOptions {
            resend_unknown: args.resend_unknown,
            allow_repeats: args.allow_repeats,
        };
        let report = import.run(options).await;
        shown.await.ok();
        let report = report?;
        store::import::settle_rows(&mut gate, &environment, &claimed, &report).await;
        Ok::<_, CliError>(report)
    })?;
    if let Some(path) = &args.report {
        write_report(path, &report)?;
    }
    if cli.json {
        output::print_json(&report)?;
    }
    summarize(&report, args.resend_unknown)
}

/// The file's bytes, at most one more than an import reads, and its size as the file system
/// gives it (so a file too large is refused naming its real size).
fn read_file(path: &Path) -> Result<(Vec<u8>, Option<u64>), CliError> {
    let read = |source| CliError::ReadFile {
        path: path.to_owned(),
        source,
    };
    let file = std::fs::File::open(path).map_err(read)?;
    let size = file.metadata().ok().map(|meta| meta.len());
    let mut bytes = Vec::new();
    // One byte more than allowed, so the contract can say the file is too large.
    file.take(petstore_bulk::MAX_FILE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(read)?;
    Ok((bytes, size))
}

fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |name| name.to_string_lossy().into_owned(),
    )
}

/// Asks on a terminal; refuses otherwise (scripts say --yes).
fn confirm_production(rows: usize) -> Result<(), CliError> {
    let stdin = std::io::stdin();
    if !stdin.is_terminal() {
        return Err(CliError::NeedsConfirmation { rows });
    }
    eprint!("{}", say(BulkMsg::ConfirmProduction, &[("rows", &rows)]));
    let _ = std::io::stderr().flush();
    let mut answer = String::new();
    stdin
        .lock()
        .take(64)
        .read_line_bounded(&mut answer)
        .map_err(CliError::Stdin)?;
    if answer.trim().eq_ignore_ascii_case("yes") {
        Ok(())
    } else {
        Err(CliError::NeedsConfirmation { rows })
    }
}

trait ReadLineBounded {
    fn read_line_bounded(&mut self, into: &mut String) -> std::io::Result<usize>;
}

impl<R: Read> ReadLineBounded for R {
    fn read_line_bounded(&mut self, into: &mut String) -> std::io::Result<usize> {
        let mut bytes = Vec::new();
        let mut byte = [0u8; 1];
        while self.read(&mut byte)? == 1 && byte[0] != b'\n' {
            bytes.push(byte[0]);
        }
        into.push_str(&String::from_utf8_lossy(&bytes));
        Ok(bytes.len())
    }
}

fn write_report(path: &Path, report: &ImportReport) -> Result<(), CliError> {
    let mut file = SafeFile::create(path, true)?;
    report.write_csv(file.writer()).map_err(|e| {
        CliError::Export(petstore_bulk::ExportError::Write(std::io::Error::other(
            e.to_string(),
        )))
    })?;
    if let Some(kept) = file.commit()? {
        let kept = kept.display();
        eprintln!("{}", say(BulkMsg::ReportKept, &[("path", &kept)]));
    }
    eprintln!(
        "{}",
        say(BulkMsg::ReportWritten, &[("path", &path.display())])
    );
    Ok(())
}
