//! What a file holds and what a run would do with it: its valid and invalid rows, the rows
//! left out as repeats, and the dry run's table.

use std::collections::BTreeMap;

use petstore_bulk::{ParsedFile, Repeat, Row};

use super::{INVALID_SHOWN, named};
use crate::args::Cli;
use crate::exit::CliError;
use crate::explain;
use crate::output;
use crate::progress;
use crate::session;
use crate::words::{BulkMsg, Msg, say};

pub(super) fn describe_file(file: &ParsedFile) {
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
    // A note, not a refusal: the service keeps names as given, and an export guards them.
    let formulas: Vec<&Row> = file
        .valid_rows()
        .map(|(row, _)| row)
        .filter(|row| row.name_may_run_as_formula())
        .collect();
    for row in formulas.iter().take(INVALID_SHOWN) {
        let name = output::truncate(row.cells.name.trim(), 32);
        eprintln!(
            "{}",
            say(
                BulkMsg::FormulaName,
                &[("line", &row.line), ("name", &name)]
            )
        );
    }
    if formulas.len() > INVALID_SHOWN {
        let more = formulas.len() - INVALID_SHOWN;
        eprintln!("{}", say(BulkMsg::AndMoreRows, &[("n", &more)]));
    }
    if !file.ignored_columns.is_empty() {
        let columns = file.ignored_columns.join(", ");
        eprintln!("{}", say(BulkMsg::IgnoredColumns, &[("columns", &columns)]));
    }
}

/// The rows a real run would leave out as repeats: the environment's record of created pets
/// is read, nothing is sent.
pub(super) fn dry_run_repeats(
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
pub(super) fn describe_repeats(rows: &[Row], repeats: &BTreeMap<usize, Repeat>, allowed: bool) {
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

pub(super) fn dry_run(
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
