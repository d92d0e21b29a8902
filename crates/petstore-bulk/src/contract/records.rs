//! The records of a CSV text as the contracts read them (the import's and the shared list of
//! category names): UTF-8 (a BOM is accepted), comma or semicolon separated (detected from the
//! header line), RFC 4180 quoting through the `csv` crate, blank records skipped, and each record
//! with the physical line where it starts.

use csv::{ByteRecord, ReaderBuilder};

use super::{ContractError, header};

/// A text's header, as read.
pub(crate) struct Header<H> {
    pub delimiter: u8,
    /// The header's cells, trimmed.
    pub names: Vec<String>,
    /// What `on_header` made of them.
    pub columns: H,
}

/// Calls `on_header` with the first record that is not blank (its cells trimmed), then `on_row`
/// with what it returned, each later record and its line. `None` when the text has no record.
pub(crate) fn read<H>(
    bytes: &[u8],
    mut on_header: impl FnMut(&[String]) -> Result<H, ContractError>,
    mut on_row: impl FnMut(&H, u64, &[&str]) -> Result<(), ContractError>,
) -> Result<Option<Header<H>>, ContractError> {
    let text = std::str::from_utf8(bytes).map_err(|err| ContractError::NotUtf8 {
        line: line_of(bytes, err.valid_up_to()),
    })?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let delimiter = header::detect_delimiter(text);
    let mut reader = ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(delimiter)
        .from_reader(text.as_bytes());
    let mut record = ByteRecord::new();
    let mut header: Option<Header<H>> = None;
    let mut lines = LineCounter::new(text.as_bytes());
    loop {
        let more = reader
            .read_byte_record(&mut record)
            .map_err(|err| malformed(&err))?;
        if !more {
            break;
        }
        let line = lines.record_line(record.position().map_or(0, csv::Position::byte));
        // Valid UTF-8 as a whole and split only at ASCII bytes: every cell is UTF-8.
        let cells: Vec<&str> = record
            .iter()
            .map(|cell| std::str::from_utf8(cell).unwrap_or_default())
            .collect();
        if cells.iter().all(|cell| cell.trim().is_empty()) {
            continue;
        }
        match &header {
            Some(header) => on_row(&header.columns, line, &cells)?,
            None => {
                let names: Vec<String> = cells.iter().map(|c| c.trim().to_owned()).collect();
                header = Some(Header {
                    delimiter,
                    columns: on_header(&names)?,
                    names,
                });
            }
        }
    }
    Ok(header)
}

fn malformed(err: &csv::Error) -> ContractError {
    let line = err.position().map_or(0, csv::Position::line);
    ContractError::Malformed {
        line,
        message: match err.kind() {
            csv::ErrorKind::Utf8 { .. } => "it is not UTF-8 text".to_owned(),
            _ => err.to_string(),
        },
    }
}

/// Physical line numbers of records, counted once through the file. The `csv` crate reports a
/// record after blank lines as starting on the first of them; a person wants the line the
/// record's text is on. A line ends as a record does: `\n`, `\r\n`, or a lone `\r` (the old Mac
/// line end that Excel's "CSV (Macintosh)" still writes), which the `csv` crate's own line count
/// does not see.
struct LineCounter<'a> {
    text: &'a [u8],
    offset: usize,
    line: u64,
}

impl<'a> LineCounter<'a> {
    fn new(text: &'a [u8]) -> Self {
        LineCounter {
            text,
            offset: 0,
            line: 1,
        }
    }

    /// The line of the first byte at or after `start` that is not a line break. Offsets only
    /// grow, so the whole file is counted once.
    fn record_line(&mut self, start: u64) -> u64 {
        let mut at = usize::try_from(start)
            .unwrap_or(usize::MAX)
            .min(self.text.len());
        while at < self.text.len() && matches!(self.text[at], b'\r' | b'\n') {
            at += 1;
        }
        if at > self.offset {
            self.line += line_breaks(self.text, self.offset, at);
            self.offset = at;
        }
        self.line
    }
}

/// The 1-based line holding byte `offset`.
fn line_of(bytes: &[u8], offset: usize) -> u64 {
    1 + line_breaks(bytes, 0, offset.min(bytes.len()))
}

/// How many lines end in `text[from..to]`: each `\n`, and each `\r` that no `\n` follows.
fn line_breaks(text: &[u8], from: usize, to: usize) -> u64 {
    let lone_cr = |at: usize| text[at] == b'\r' && text.get(at + 1) != Some(&b'\n');
    (from..to)
        .filter(|&at| text[at] == b'\n' || lone_cr(at))
        .count() as u64
}
