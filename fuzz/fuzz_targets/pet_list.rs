//! A `Pets` body (the list's page) as any server may send it. The first byte picks the limit
//! the request asked for (1 to 100, as `Limit` allows); the rest is the body.

#![no_main]

use libfuzzer_sys::fuzz_target;
use petstore_client::Error;
use petstore_client::fuzzing::{pets, pets_slowly};

fuzz_target!(|data: &[u8]| {
    let Some((first, body)) = data.split_first() else {
        return;
    };
    let limit = 1 + usize::from(*first) % 100;
    match pets(200, body, limit) {
        Ok((list, dropped)) => {
            assert!(list.len() <= limit, "never more pets than the limit");
            assert!(
                dropped == 0 || list.len() == limit,
                "dropped only past the limit"
            );
            // The naming path, which explains a refused body, reads the same pets.
            assert_eq!(pets_slowly(200, body, limit).expect("same reading"), list);
        }
        Err(Error::Decode { status, path, .. }) => {
            assert_eq!(status, 200);
            if let Some(index) = path.strip_prefix('[') {
                let index: usize = index
                    .split(']')
                    .next()
                    .and_then(|i| i.parse().ok())
                    .expect("an index");
                assert!(index < limit, "only pets kept are checked: {path}");
            }
        }
        Err(Error::UnexpectedResponse { status, snippet }) => {
            assert_eq!(status, 200);
            assert!(snippet.chars().count() <= 200 && !snippet.chars().any(char::is_control));
        }
        Err(other) => panic!("a body is read or refused, nothing else: {other:?}"),
    }
});
