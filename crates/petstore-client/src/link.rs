//! RFC 8288 `Link` headers: only `rel="next"` matters (product notes: paging).

use url::Url;

/// The first `rel="next"` target among all `Link` headers, resolved against the request's URL.
pub(crate) fn next_link(headers: &http::HeaderMap, request_url: &Url) -> Option<Url> {
    headers
        .get_all(http::header::LINK)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(parse_links)
        .find(|(_, rels)| rels.iter().any(|rel| rel.eq_ignore_ascii_case("next")))
        .and_then(|(target, _)| request_url.join(&target).ok())
}

/// `<target>; param=value; rel="a b", <target2>; ...` into (target, rel values).
fn parse_links(value: &str) -> Vec<(String, Vec<String>)> {
    let mut links = Vec::new();
    let mut rest = value;
    while let Some(start) = rest.find('<') {
        let after = &rest[start + 1..];
        let Some(end) = after.find('>') else { break };
        let target = after[..end].trim().to_owned();
        let (params, next) = split_params(&after[end + 1..]);
        links.push((target, rel_values(params)));
        rest = next;
    }
    links
}

/// The parameters of one link (up to a comma outside quotes), and what follows.
fn split_params(text: &str) -> (&str, &str) {
    match first_unquoted(text, ',') {
        Some(at) => (&text[..at], &text[at + 1..]),
        None => (text, ""),
    }
}

/// The values of every `rel` parameter. Parameters end at a `;` outside quotes: a quoted title
/// may hold `; rel=next` without being one.
fn rel_values(params: &str) -> Vec<String> {
    let mut rels = Vec::new();
    let mut rest = params;
    loop {
        let (param, next) = match first_unquoted(rest, ';') {
            Some(at) => (&rest[..at], Some(&rest[at + 1..])),
            None => (rest, None),
        };
        if let Some((name, value)) = param.split_once('=')
            && name.trim().eq_ignore_ascii_case("rel")
        {
            let value = value.trim().trim_matches('"');
            rels.extend(value.split_whitespace().map(str::to_owned));
        }
        match next {
            Some(next) => rest = next,
            None => return rels,
        }
    }
}

/// Where the first `separator` outside a quoted string is (`\` escapes a character inside one).
fn first_unquoted(text: &str, separator: char) -> Option<usize> {
    let mut quoted = false;
    let mut escaped = false;
    for (at, c) in text.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            c if c == separator && !quoted => return Some(at),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn next(values: &[&'static str]) -> Option<String> {
        let mut headers = http::HeaderMap::new();
        for v in values {
            headers.append(http::header::LINK, http::HeaderValue::from_static(v));
        }
        let base = Url::parse("https://api.example.com/v1/pets?limit=2").unwrap();
        next_link(&headers, &base).map(String::from)
    }

    #[test]
    fn finds_next_among_several_links() {
        assert_eq!(
            next(&[
                r#"<https://api.example.com/v1/pets?page=1>; rel="prev", <https://api.example.com/v1/pets?page=3>; rel="next""#
            ]),
            Some("https://api.example.com/v1/pets?page=3".into())
        );
        assert_eq!(
            next(&[
                r#"<https://a.example/first>; rel=first"#,
                r#"<https://a.example/n>; title="a, b; c"; rel="last next""#
            ]),
            Some("https://a.example/n".into())
        );
    }

    #[test]
    fn relative_targets_resolve_against_the_request() {
        assert_eq!(
            next(&[r#"</v1/pets?cursor=abc&limit=2>; rel="next""#]),
            Some("https://api.example.com/v1/pets?cursor=abc&limit=2".into())
        );
        assert_eq!(
            next(&[r#"<pets?cursor=x>; REL=NEXT"#]),
            Some("https://api.example.com/v1/pets?cursor=x".into())
        );
    }

    #[test]
    fn no_next_or_garbage_is_none() {
        assert_eq!(next(&[]), None);
        assert_eq!(next(&[r#"<https://a.example/p>; rel="prev""#]), None);
        assert_eq!(next(&["garbage; rel=next"]), None);
        assert_eq!(next(&["<unterminated; rel=next"]), None);
        assert_eq!(next(&[r#"<https://a.example/p>; rel="nextpage""#]), None);
    }

    /// Edge cases of the kinds the `link_header` fuzz target's corpus holds (fuzz/README.md).
    #[test]
    fn fuzzed_links_resolve_exactly() {
        let cases: [(&[&'static str], Option<&str>); 8] = [
            // An empty target is the request itself (a loop `pages::for_each_page` stops).
            (
                &["<>; rel=next"],
                Some("https://api.example.com/v1/pets?limit=2"),
            ),
            // Scheme-relative: another host (`next_page` refuses a foreign origin).
            (&["<//b.example/p>;rel=next"], Some("https://b.example/p")),
            // A quote left open still names the relation; spaces around `=` are allowed.
            (
                &[r#"<a>; rel = "next"#],
                Some("https://api.example.com/v1/a"),
            ),
            // An escaped quote inside a quoted title does not end it, nor do its comma and its
            // `; rel=next` (which once made `<p>` the next page).
            (
                &[r#"<p>; title="x\", <q>; rel=next", <r>; rel=next"#],
                Some("https://api.example.com/v1/r"),
            ),
            // The first `next` decides: a target no URL can be made of ends the search.
            (&["<http://[::1>; rel=next, <s>; rel=next"], None),
            // Tabs and newlines inside a target are dropped by URL parsing.
            (&["<a\tb>; rel=next"], Some("https://api.example.com/v1/ab")),
            // A second `rel` parameter counts too.
            (
                &["<t>; rel=prev; rel=next"],
                Some("https://api.example.com/v1/t"),
            ),
            // A `<` inside the parameters starts no link.
            (&["<u>; title=<x>; rel=prev"], None),
        ];
        for (values, expected) in cases {
            assert_eq!(next(values).as_deref(), expected, "{values:?}");
        }
        // A value that is not text (obs-text bytes) is skipped; the next header is read.
        let mut headers = http::HeaderMap::new();
        let raw = http::HeaderValue::from_bytes(b"<\xff>; rel=next").unwrap();
        headers.append(http::header::LINK, raw);
        headers.append(
            http::header::LINK,
            http::HeaderValue::from_static("<v>; rel=next"),
        );
        let base = Url::parse("https://api.example.com/v1/pets?limit=2").unwrap();
        assert_eq!(
            next_link(&headers, &base).map(String::from).as_deref(),
            Some("https://api.example.com/v1/v")
        );
    }
}

/// Whatever a server puts in its `Link` headers: never a panic, and a `rel="next"` among
/// well-formed links is always the one found.
#[cfg(test)]
mod props {
    use proptest::prelude::*;

    use super::*;

    fn header_bytes() -> impl Strategy<Value = Vec<u8>> {
        prop::collection::vec(
            prop_oneof![0x20u8..=0x7e, 0x80u8..=0xff, Just(b'\t')],
            0..80,
        )
    }

    /// Link-ish text: the punctuation the parser splits on, in any order.
    fn hostile() -> impl Strategy<Value = String> {
        "([<>;,=\" \\\\]|rel|next|REL|https://a\\.example/p|[a-z?&=/]{1,6}){0,24}"
    }

    fn target() -> impl Strategy<Value = String> {
        "(https://api\\.example\\.com/v1/|/v1/|)pets\\?cursor=[a-zA-Z0-9]{0,8}(&limit=[0-9]{1,3})?"
    }

    fn base() -> Url {
        Url::parse("https://api.example.com/v1/pets?limit=2").expect("valid")
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3_000))]

        #[test]
        fn any_link_header_never_panics(
            raw in prop::collection::vec(header_bytes(), 0..3),
            text in prop::collection::vec(hostile(), 0..3),
        ) {
            let mut headers = http::HeaderMap::new();
            for value in &raw {
                headers.append(http::header::LINK, http::HeaderValue::from_bytes(value).expect("header bytes"));
            }
            for value in &text {
                if let Ok(value) = http::HeaderValue::from_str(value) {
                    headers.append(http::header::LINK, value);
                }
            }
            let _ = next_link(&headers, &base());
        }

        #[test]
        fn the_first_next_among_well_formed_links_is_found(
            links in prop::collection::vec(
                (target(), prop::sample::select(vec!["prev", "first", "last", "next", "prev next", "NEXT"])),
                1..6,
            ),
        ) {
            let value = links
                .iter()
                .map(|(target, rel)| format!("<{target}>; title=\"a, b; c\"; rel=\"{rel}\""))
                .collect::<Vec<_>>()
                .join(", ");
            let mut headers = http::HeaderMap::new();
            headers.insert(http::header::LINK, http::HeaderValue::from_str(&value).expect("ascii"));
            let expected = links
                .iter()
                .find(|(_, rel)| rel.split(' ').any(|r| r.eq_ignore_ascii_case("next")))
                .map(|(target, _)| base().join(target).expect("joins"));
            prop_assert_eq!(next_link(&headers, &base()), expected);
        }
    }
}
