//! Reading an answer's body incrementally, up to a cap (see [`super::limits`]).

use bytes::Bytes;

/// Why a body could not be read whole.
#[derive(Debug)]
pub(super) enum BodyError {
    /// More than `limit_bytes` (announced by Content-Length, or counted as it arrived).
    TooLarge { limit_bytes: u64 },
    /// The connection failed or timed out mid-body.
    Transport(reqwest::Error),
}

/// The whole body, or `TooLarge` as soon as it is known to pass `limit_bytes`: then nothing more
/// is read, and dropping the response closes the connection.
pub(super) async fn read_bounded(
    response: &mut reqwest::Response,
    limit_bytes: u64,
) -> Result<Bytes, BodyError> {
    let too_large = BodyError::TooLarge { limit_bytes };
    if response.content_length().is_some_and(|n| n > limit_bytes) {
        return Err(too_large);
    }
    // A cap beyond the address space cannot be reached anyway.
    let limit = usize::try_from(limit_bytes).unwrap_or(usize::MAX);
    let announced = response
        .content_length()
        .and_then(|n| usize::try_from(n).ok())
        .unwrap_or(0);
    let mut body: Vec<u8> = Vec::new();
    let mut first: Option<Bytes> = None;
    while let Some(chunk) = response.chunk().await.map_err(BodyError::Transport)? {
        let held = first.as_ref().map_or(body.len(), Bytes::len);
        if chunk.len() > limit - held {
            return Err(too_large);
        }
        // The common case, a body in one chunk, is kept as it came: no copy.
        if first.is_none() && body.is_empty() {
            first = Some(chunk);
            continue;
        }
        if let Some(earlier) = first.take() {
            body.reserve_exact(announced.max(earlier.len() + chunk.len()).min(limit));
            body.extend_from_slice(&earlier);
        }
        let needed = body.len() + chunk.len();
        if needed > body.capacity() {
            // Doubling as a Vec would, but never past the cap: at most 1.5 times the cap is
            // ever held, during the last move.
            let target = needed.max(body.capacity().saturating_mul(2)).min(limit);
            body.reserve_exact(target - body.len());
        }
        body.extend_from_slice(&chunk);
    }
    Ok(match first {
        Some(only) => only,
        None => Bytes::from(body),
    })
}
