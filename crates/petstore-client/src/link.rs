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
