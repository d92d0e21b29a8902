use super::*;

#[test]
fn no_stage_means_every_stage_in_the_suites_order() {
    let none: [&str; 0] = [];
    assert_eq!(
        parse(&none).unwrap(),
        vec![
            Stage::Ui,
            Stage::Lint,
            Stage::Unit,
            Stage::E2e,
            Stage::Installers,
            Stage::Api,
            Stage::Windows
        ]
    );
}

#[test]
fn named_stages_run_once_each_in_the_suites_order() {
    assert_eq!(parse(&["ui"]).unwrap(), vec![Stage::Ui]);
    assert_eq!(
        parse(&["api", "ui", "api", "e2e"]).unwrap(),
        vec![Stage::Ui, Stage::E2e, Stage::Api]
    );
}

#[test]
fn every_stage_is_found_by_its_own_name() {
    for stage in Stage::ALL {
        assert_eq!(parse(&[stage.name()]).unwrap(), vec![stage]);
    }
}

#[test]
fn an_unknown_stage_is_refused_with_the_list() {
    let error = parse(&["ui", "unitt"]).unwrap_err();
    assert_eq!(error, UnknownStage("unitt".to_owned()));
    let message = error.to_string();
    assert!(message.contains("`unitt`"), "{message}");
    assert!(
        message.contains("ui, lint, unit, e2e, installers, api, windows"),
        "{message}"
    );
    // Names are exact: no case folding, no prefixes.
    assert!(parse(&["UI"]).is_err());
    assert!(parse(&["e2"]).is_err());
}
