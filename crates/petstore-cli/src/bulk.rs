//! `petstore import` and `petstore export`: thin over `petstore-bulk`.

use std::collections::BTreeMap;
use std::io::{IsTerminal, Read, Write};
use std::path::Path;

use petstore_bulk::{
    ExportFormat, Import, ImportOptions, ImportReport, Outcome, ParsedFile, Repeat, Row, SafeFile,
    Stop, UnknownReason,
};
use petstore_client::{Environment, Priority};

use crate::args::{Cli, ExportArgs, ImportArgs};
use crate::categories;
use crate::exit::{self, CliError, Incomplete};
use crate::explain;
use crate::notices::{self, WaitState};
use crate::output;
use crate::progress;
use crate::session;
use crate::words::{BulkMsg, Msg, say};

/// Invalid rows listed one by one before "and N more".
const INVALID_SHOWN: usize = 20;

pub fn import(cli: &Cli, args: &ImportArgs) -> Result<(), CliError> {
    let bytes = read_file(&args.file)?;
    let file = petstore_bulk::parse(&bytes).map_err(|source| CliError::Contract {
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
    let runtime = runtime()?;
    let report = runtime.block_on(async {
        // Bulk work: full speed alone on the key, paced and leaving the window's end to people
        // once other desks spend it too.
        let client = session.client()?.with_priority(Priority::Batch);
        notices::spawn(client.subscribe(), WaitState::default());
        let mut import = Import::prepare(&data_dir, &bytes, file, &client)?;
        let source = std::fs::canonicalize(&args.file).unwrap_or_else(|_| args.file.clone());
        import.record_source(&source, &file_name(&args.file))?;
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
        Ok::<_, CliError>(report?)
    })?;
    if let Some(path) = &args.report {
        write_report(path, &report)?;
    }
    if cli.json {
        output::print_json(&report)?;
    }
    summarize(&report, args.resend_unknown)
}

fn read_file(path: &Path) -> Result<Vec<u8>, CliError> {
    let read = |source| CliError::ReadFile {
        path: path.to_owned(),
        source,
    };
    let file = std::fs::File::open(path).map_err(read)?;
    let mut bytes = Vec::new();
    // One byte more than allowed, so the contract can say the file is too large.
    file.take(petstore_bulk::MAX_FILE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(read)?;
    Ok(bytes)
}

fn describe_file(file: &ParsedFile) {
    let valid = file.valid_rows().count();
    let invalid: Vec<_> = file.invalid_rows().collect();
    let counts = [
        ("valid", output::count(valid as u64)),
        ("invalid", output::count(invalid.len() as u64)),
    ];
    eprintln!("{}", say(BulkMsg::FileCounts, &named(&counts)));
    for row in invalid.iter().take(INVALID_SHOWN) {
        let problems: Vec<String> = row.problems.iter().map(explain::row_problem).collect();
        eprintln!(
            "{}",
            say(
                BulkMsg::InvalidLine,
                &[("line", &row.line), ("problems", &problems.join(" "))]
            )
        );
    }
    if invalid.len() > INVALID_SHOWN {
        let more = invalid.len() - INVALID_SHOWN;
        eprintln!("{}", say(BulkMsg::AndMoreRows, &[("n", &more)]));
    }
    if !file.ignored_columns.is_empty() {
        let columns = file.ignored_columns.join(", ");
        eprintln!("{}", say(BulkMsg::IgnoredColumns, &[("columns", &columns)]));
    }
}

fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |name| name.to_string_lossy().into_owned(),
    )
}

/// The rows a real run would leave out as repeats: the environment's record of created pets
/// is read, nothing is sent.
fn dry_run_repeats(
    cli: &Cli,
    bytes: &[u8],
    file: &ParsedFile,
) -> Result<petstore_bulk::Repeats, CliError> {
    let base_url = session::base_url(cli)?;
    let data_dir = petstore_local::data_dir().ok_or(CliError::NoDataDir)?;
    petstore_bulk::repeats_of(&data_dir, bytes, file, base_url.as_str())
        .map_err(|error| CliError::Import(error.into()))
}

/// Each repeat with why, then what happens to them.
fn describe_repeats(rows: &[Row], repeats: &BTreeMap<usize, Repeat>, allowed: bool) {
    if repeats.is_empty() {
        return;
    }
    for (index, repeat) in repeats.iter().take(INVALID_SHOWN) {
        let line = rows.get(*index).map_or(0, |row| row.line);
        let why = explain::repeat(repeat);
        eprintln!(
            "{}",
            say(BulkMsg::RepeatLine, &[("line", &line), ("why", &why)])
        );
    }
    if repeats.len() > INVALID_SHOWN {
        let more = repeats.len() - INVALID_SHOWN;
        eprintln!("{}", say(BulkMsg::AndMoreRows, &[("n", &more)]));
    }
    let n = output::count(repeats.len() as u64);
    let message = match allowed {
        true => BulkMsg::RepeatsAllowed,
        false => BulkMsg::RepeatsSkipped,
    };
    eprintln!("{}", say(message, &[("n", &n)]));
}

fn dry_run(
    cli: &Cli,
    file: &ParsedFile,
    repeats: &BTreeMap<usize, Repeat>,
    allow_repeats: bool,
) -> Result<(), CliError> {
    let sent = file
        .valid_rows()
        .filter(|(row, _)| allow_repeats || !repeats.contains_key(&row.index))
        .count();
    let estimate = petstore_bulk::Estimate::new(sent as u64, None, chrono::Utc::now());
    if cli.json {
        let repeats: Vec<serde_json::Value> = repeats
            .iter()
            .map(|(index, repeat)| {
                let line = file.rows.get(*index).map_or(0, |row| row.line);
                serde_json::json!({ "line": line, "repeat": repeat })
            })
            .collect();
        return output::print_json(&serde_json::json!({
            "dryRun": true,
            "rows": file.rows,
            "repeats": repeats,
            "ignoredColumns": file.ignored_columns,
            "estimate": estimate,
        }));
    }
    describe_repeats(&file.rows, repeats, allow_repeats);
    let columns = [
        say(BulkMsg::ColumnLine, &[]),
        say(Msg::ColumnName, &[]),
        say(Msg::ColumnCategory, &[]),
        say(Msg::ColumnStatus, &[]),
    ];
    let mut table = format!("{}\n", columns.join("  "));
    for (row, pet) in file
        .valid_rows()
        .filter(|(row, _)| allow_repeats || !repeats.contains_key(&row.index))
    {
        table.push_str(&format!(
            "{}  {}  {}  {}\n",
            row.line,
            output::truncate(&pet.name, 32),
            pet.category_id,
            pet.status
                .as_ref()
                .map_or_else(|| "-".to_owned(), ToString::to_string)
        ));
    }
    output::print(&table)?;
    let estimate = progress::estimate(&estimate);
    eprintln!("{}", say(BulkMsg::DryRunDone, &[("estimate", &estimate)]));
    Ok(())
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

/// The final counts on stderr, and the exit code's reason.
fn summarize(report: &ImportReport, resend_asked: bool) -> Result<(), CliError> {
    let c = report.counts;
    let not_sent = match c.not_sent {
        0 => String::new(),
        n => say(BulkMsg::NotSent, &[("n", &output::count(n as u64))]),
    };
    let repeated = match c.repeated {
        0 => String::new(),
        n => say(BulkMsg::Repeated, &[("n", &output::count(n as u64))]),
    };
    let counts = [
        ("created", output::count(c.created as u64)),
        ("skipped", output::count(c.skipped as u64)),
        ("invalid", output::count(c.invalid as u64)),
        ("failed", output::count(c.failed as u64)),
        ("unknown", output::count(c.unknown as u64)),
        ("repeated", repeated),
        ("notsent", not_sent),
    ];
    eprintln!("{}", say(BulkMsg::Summary, &named(&counts)));
    let lines = |pick: &dyn Fn(&Outcome) -> bool| -> String {
        let lines: Vec<String> = report
            .rows
            .iter()
            .filter(|row| pick(&row.outcome))
            .take(INVALID_SHOWN)
            .map(|row| row.line.to_string())
            .collect();
        lines.join(", ")
    };
    if let Some(stop) = &report.stopped {
        let code = match stop {
            Stop::Cancelled => exit::IMPORT_INCOMPLETE,
            Stop::Failed { kind, .. }
            | Stop::ReconcileFailed { kind, .. }
            | Stop::KeptFailing { kind, .. } => exit::kind_exit_code(*kind),
        };
        return Err(CliError::ImportIncomplete {
            code,
            why: Incomplete::Stopped(stop.clone()),
        });
    }
    let unchecked = |o: &Outcome| {
        matches!(
            o,
            Outcome::Unknown {
                reason: UnknownReason::Unchecked
            }
        )
    };
    let unchecked_rows = report.rows.iter().filter(|r| unchecked(&r.outcome)).count();
    if unchecked_rows > 0 {
        return Err(CliError::ImportIncomplete {
            code: exit::OUTCOME_UNKNOWN,
            why: Incomplete::Unchecked {
                rows: unchecked_rows,
                lines: lines(&unchecked),
            },
        });
    }
    if c.unknown > 0 {
        let which = lines(&|o| {
            matches!(
                o,
                Outcome::Unknown {
                    reason: UnknownReason::NotFound
                }
            )
        });
        return Err(CliError::ImportIncomplete {
            code: exit::OUTCOME_UNKNOWN,
            why: Incomplete::Unknown {
                rows: c.unknown,
                lines: which,
                resent: resend_asked,
            },
        });
    }
    if c.failed > 0 {
        let which = lines(&|o| matches!(o, Outcome::Failed { .. }));
        return Err(CliError::ImportIncomplete {
            code: exit::IMPORT_INCOMPLETE,
            why: Incomplete::Refused {
                rows: c.failed,
                lines: which,
            },
        });
    }
    Ok(())
}

/// `say`'s arguments from named texts.
fn named<'a>(pairs: &'a [(&'a str, String)]) -> Vec<(&'a str, &'a dyn std::fmt::Display)> {
    pairs
        .iter()
        .map(|(name, value)| (*name, value as &dyn std::fmt::Display))
        .collect()
}

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

fn runtime() -> Result<tokio::runtime::Runtime, CliError> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|err| CliError::Internal(format!("could not start the async runtime: {err}")))
}
