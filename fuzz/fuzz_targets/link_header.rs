//! `Link` headers (RFC 8288) as any server may send them: each line of the input is one header
//! value. A page's reading follows only the `rel="next"` it finds.

#![no_main]

use libfuzzer_sys::fuzz_target;
use url::Url;

fuzz_target!(|data: &[u8]| {
    let request = Url::parse("https://api.example.com/v1/pets?limit=2").expect("valid");
    let mut headers = http::HeaderMap::new();
    let mut texts = Vec::new();
    for line in data.split(|b| *b == b'\n') {
        if let Ok(value) = http::HeaderValue::from_bytes(line) {
            if let Ok(text) = value.to_str() {
                texts.push(text.to_ascii_lowercase());
            }
            headers.append(http::header::LINK, value);
        }
    }
    let Some(next) = petstore_client::fuzzing::next_link(&headers, &request) else {
        return;
    };
    // Found only where a readable value has a bracketed target and says "next".
    assert!(
        texts
            .iter()
            .any(|t| t.contains('<') && t.contains('>') && t.contains("next")),
        "{next} from {texts:?}"
    );
    // What a page's reading keeps is a URL that reads back as itself.
    assert_eq!(Url::parse(next.as_str()).as_ref(), Ok(&next));
});
