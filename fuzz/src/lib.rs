//! What several fuzz targets check their parsers against.

/// How many lines `data` has, ending them as a CSV record ends: `\n`, `\r\n` or a lone `\r`.
/// A parser that names a line never names one past this.
pub fn csv_lines(data: &[u8]) -> u64 {
    let lone_cr = |at: usize| data[at] == b'\r' && data.get(at + 1) != Some(&b'\n');
    let ends = (0..data.len())
        .filter(|&at| data[at] == b'\n' || lone_cr(at))
        .count();
    1 + ends as u64
}
