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
    let mut quoted = false;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            ',' if !quoted => return (&text[..i], &text[i + 1..]),
            _ => {}
        }
    }
    (text, "")
}

fn rel_values(params: &str) -> Vec<String> {
    params
        .split(';')
        .filter_map(|param| {
            let (name, value) = param.split_once('=')?;
            name.trim()
                .eq_ignore_ascii_case("rel")
                .then(|| value.trim().trim_matches('"').to_owned())
        })
        .flat_map(|rels| {
            rels.split_whitespace()
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect()
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
