//! Runs WPT's urlpattern/resources/urlpatterntestdata.json (read from `WPT_DIR`, default
//! `../shared/wpt`) against `webweft::urlpattern` the way urlpatterntests.js does, case by
//! case, printing passed/total. Every case counts; nothing is skipped.
#![cfg(feature = "urlpattern-regress")]

mod support;

use serde_json::{Map, Value};
use support::wpt::{load_json, read};
use webweft::url::Url;
use webweft::urlpattern::{
    ComponentName, ComponentResult, MatchInput, Regress, UrlPattern, UrlPatternInit,
    UrlPatternInput, UrlPatternOptions, UrlPatternResult,
};

const COMPONENTS: [&str; 8] = [
    "protocol", "username", "password", "hostname", "port", "pathname", "search", "hash",
];

/// A JavaScript value's ToString, for the few non-string arguments the data passes where a
/// string is expected.
fn to_js_string(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Object(_) => "[object Object]".into(),
        other => other.to_string(),
    }
}

/// WebIDL's conversion of an object to URLPatternInit (unknown members ignored).
fn to_init(object: &Map<String, Value>) -> UrlPatternInit {
    let member = |name: &str| object.get(name).map(to_js_string);
    UrlPatternInit {
        protocol: member("protocol"),
        username: member("username"),
        password: member("password"),
        hostname: member("hostname"),
        port: member("port"),
        pathname: member("pathname"),
        search: member("search"),
        hash: member("hash"),
        base_url: member("baseURL"),
    }
}

enum Input {
    String(String),
    Init(UrlPatternInit),
}

impl Input {
    fn from(value: Option<&Value>) -> Input {
        match value {
            None => Input::Init(UrlPatternInit::default()),
            Some(Value::Object(object)) => Input::Init(to_init(object)),
            Some(value) => Input::String(to_js_string(value)),
        }
    }

    fn as_input(&self) -> UrlPatternInput<'_> {
        match self {
            Input::String(s) => UrlPatternInput::String(s),
            Input::Init(init) => UrlPatternInput::Init(init),
        }
    }
}

/// `new URLPattern(...args)`, with WebIDL's overload resolution and conversions.
fn construct(args: &[Value]) -> Result<UrlPattern, String> {
    let input = Input::from(args.first());
    let options_value = match args.len() {
        0 | 1 => None,
        2 if args[1].is_object() => Some(&args[1]),
        2 => None,
        _ => Some(&args[2]),
    };
    let base_url = match args.len() {
        2 if !args[1].is_object() => Some(to_js_string(&args[1])),
        3.. => Some(to_js_string(&args[1])),
        _ => None,
    };
    let options = match options_value {
        None | Some(Value::Null) => UrlPatternOptions::default(),
        Some(Value::Object(object)) => UrlPatternOptions {
            ignore_case: object.get("ignoreCase") == Some(&Value::Bool(true)),
        },
        Some(_) => return Err("options is not a dictionary".into()),
    };
    UrlPattern::new(input.as_input(), base_url.as_deref(), options, &Regress)
        .map_err(|e| e.to_string())
}

fn pattern_component<'a>(pattern: &'a UrlPattern, name: &str) -> &'a str {
    match name {
        "protocol" => pattern.protocol(),
        "username" => pattern.username(),
        "password" => pattern.password(),
        "hostname" => pattern.hostname(),
        "port" => pattern.port(),
        "pathname" => pattern.pathname(),
        "search" => pattern.search(),
        _ => pattern.hash(),
    }
}

fn result_component<'a>(result: &'a UrlPatternResult, name: &str) -> &'a ComponentResult {
    match name {
        "protocol" => &result.protocol,
        "username" => &result.username,
        "password" => &result.password,
        "hostname" => &result.hostname,
        "port" => &result.port,
        "pathname" => &result.pathname,
        "search" => &result.search,
        _ => &result.hash,
    }
}

fn url_component(url: &Url, name: &str) -> String {
    match name {
        "protocol" => url.scheme().to_owned(),
        "hostname" => url.hostname().to_owned(),
        "port" => url.port_str().to_owned(),
        "pathname" => url.pathname().to_owned(),
        "search" => url.search().trim_start_matches('?').to_owned(),
        _ => url.hash().trim_start_matches('#').to_owned(),
    }
}

fn js_truthy_str(value: Option<&Value>) -> Option<&str> {
    value.and_then(Value::as_str).filter(|s| !s.is_empty())
}

/// The pattern string urlpatterntests.js expects for a component without an explicit one.
fn default_expected(entry: &Value, component: &str) -> String {
    let pattern = entry["pattern"].as_array().unwrap();
    let first = pattern.first().and_then(Value::as_object);
    let base_url = first
        .and_then(|first| js_truthy_str(first.get("baseURL")))
        .or_else(|| pattern.get(1).and_then(Value::as_str))
        .map(|base| Url::parse(base, None).unwrap());
    let earlier: &[&str] = match component {
        "hostname" => &["protocol"],
        "port" => &["protocol", "hostname"],
        "pathname" => &["protocol", "hostname", "port"],
        "search" => &["protocol", "hostname", "port", "pathname"],
        "hash" => &["protocol", "hostname", "port", "pathname", "search"],
        _ => &[],
    };
    let exactly_empty = entry["exactly_empty_components"]
        .as_array()
        .is_some_and(|list| list.iter().any(|c| c == component));
    if exactly_empty {
        return String::new();
    }
    if let Some(value) = first.and_then(|first| js_truthy_str(first.get(component))) {
        return value.to_owned();
    }
    if first.is_some_and(|first| earlier.iter().any(|c| first.contains_key(*c))) {
        return "*".into();
    }
    if let Some(base_url) = base_url
        && component != "username"
        && component != "password"
    {
        return url_component(&base_url, component);
    }
    "*".into()
}

fn check_entry(entry: &Value) -> Result<(), String> {
    let args = entry["pattern"].as_array().unwrap();
    if entry["expected_obj"] == "error" {
        return match construct(args) {
            Err(_) => Ok(()),
            Ok(_) => Err("constructor: expected a TypeError".into()),
        };
    }
    let pattern = construct(args).map_err(|e| format!("constructor threw {e}"))?;
    for component in COMPONENTS {
        let expected = match entry["expected_obj"].get(component).and_then(Value::as_str) {
            Some(expected) => expected.to_owned(),
            None => default_expected(entry, component),
        };
        let got = pattern_component(&pattern, component);
        if got != expected {
            return Err(format!(
                "pattern.{component}: got {got:?}, expected {expected:?}"
            ));
        }
    }
    let inputs = entry["inputs"].as_array().cloned().unwrap_or_default();
    let input = Input::from(inputs.first());
    let base_url = inputs.get(1).map(to_js_string);
    let expected_match = &entry["expected_match"];
    if expected_match == "error" {
        let test = pattern.test(input.as_input(), base_url.as_deref());
        let exec = pattern.exec(input.as_input(), base_url.as_deref());
        return match (test, exec) {
            (Err(_), Err(_)) => Ok(()),
            _ => Err("test()/exec(): expected a TypeError".into()),
        };
    }
    let expected_truthy = !matches!(expected_match, Value::Null | Value::Bool(false));
    let test = pattern
        .test(input.as_input(), base_url.as_deref())
        .map_err(|e| format!("test() threw {e}"))?;
    if test != expected_truthy {
        return Err(format!("test(): got {test}, expected {expected_truthy}"));
    }
    let exec = pattern
        .exec(input.as_input(), base_url.as_deref())
        .map_err(|e| format!("exec() threw {e}"))?;
    let Some(expected) = expected_match.as_object() else {
        return match exec {
            None => Ok(()),
            Some(_) => Err("exec(): expected null".into()),
        };
    };
    let result = exec.ok_or("exec(): got null")?;
    let expected_inputs = expected
        .get("inputs")
        .and_then(Value::as_array)
        .unwrap_or(&inputs);
    if result.inputs.len() != expected_inputs.len() {
        return Err(format!(
            "exec().inputs.length: got {}, expected {}",
            result.inputs.len(),
            expected_inputs.len()
        ));
    }
    for (got, expected) in result.inputs.iter().zip(expected_inputs) {
        let same = match (got, Input::from(Some(expected))) {
            (MatchInput::String(got), Input::String(expected)) => *got == expected,
            (MatchInput::Init(got), Input::Init(expected)) => *got == expected,
            _ => false,
        };
        if !same {
            return Err(format!("exec().inputs: got {got:?}, expected {expected}"));
        }
    }
    for component in COMPONENTS {
        let got = result_component(&result, component);
        let exactly_empty = entry["exactly_empty_components"]
            .as_array()
            .is_some_and(|list| list.iter().any(|c| c == component));
        let (input, mut groups): (String, Vec<(String, Option<String>)>) =
            match expected.get(component) {
                Some(expected) => (
                    expected["input"].as_str().unwrap().to_owned(),
                    expected["groups"]
                        .as_object()
                        .unwrap()
                        .iter()
                        .map(|(k, v)| (k.clone(), v.as_str().map(str::to_owned)))
                        .collect(),
                ),
                None if exactly_empty => (String::new(), Vec::new()),
                None => (String::new(), vec![("0".into(), Some(String::new()))]),
            };
        let mut got_groups = got.groups.clone();
        got_groups.sort();
        groups.sort();
        if got.input != input || got_groups != groups {
            return Err(format!(
                "exec().{component}: got {:?} {got_groups:?}, expected {input:?} {groups:?}",
                got.input
            ));
        }
    }
    Ok(())
}

#[test]
fn urlpatterntestdata() {
    let data = load_json("urlpattern/resources/urlpatterntestdata.json");
    let data = data.as_array().unwrap();
    let mut failures = Vec::new();
    for entry in data {
        if let Err(error) = check_entry(entry) {
            failures.push(format!(
                "Pattern: {} Inputs: {}: {error}",
                entry["pattern"], entry["inputs"]
            ));
        }
    }
    println!(
        "urlpatterntestdata.json: {} passed / {} total",
        data.len() - failures.len(),
        data.len()
    );
    for failure in &failures {
        println!("  FAIL {failure}");
    }
    assert!(failures.is_empty(), "{} failures", failures.len());
}

/// urlpattern-hasregexpgroups.any.js's assertions (its data is in its code).
#[test]
fn has_regexp_groups() {
    let has = |init: UrlPatternInit| {
        UrlPattern::new(
            UrlPatternInput::Init(&init),
            None,
            UrlPatternOptions::default(),
            &Regress,
        )
        .unwrap()
        .has_regexp_groups()
    };
    let with = |component: &str, value: &str| {
        let mut init = UrlPatternInit::default();
        let member = match component {
            "protocol" => &mut init.protocol,
            "username" => &mut init.username,
            "password" => &mut init.password,
            "hostname" => &mut init.hostname,
            "port" => &mut init.port,
            "pathname" => &mut init.pathname,
            "search" => &mut init.search,
            _ => &mut init.hash,
        };
        *member = Some(value.to_owned());
        init
    };
    assert!(!has(UrlPatternInit::default()));
    for component in COMPONENTS {
        assert!(!has(with(component, "*")), "{component}");
        assert!(!has(with(component, ":foo")), "{component}");
        assert!(!has(with(component, ":foo?")), "{component}");
        assert!(has(with(component, ":foo(hi)")), "{component}");
        assert!(has(with(component, "(hi)")), "{component}");
        if component != "protocol" && component != "port" {
            assert!(!has(with(component, "a-{:hello}-z-*-a")), "{component}");
            assert!(has(with(component, "a-(hi)-z-(lo)-a")), "{component}");
        }
    }
    assert!(!has(with("pathname", "/a/:foo/:baz?/b/*")));
    assert!(has(with("pathname", "/a/:foo/:baz([a-z]+)?/b/*")));
}

/// `new URLPattern(value)` for the tentative files' one-argument patterns.
fn pattern_of(value: &Value) -> UrlPattern {
    construct(std::slice::from_ref(value)).unwrap()
}

/// urlpattern-compare.tentative.any.js over resources/urlpattern-compare-test-data.json.
#[test]
fn compare_component_tentative() {
    let data: Vec<Value> = serde_json::from_str(&read(
        "urlpattern/resources/urlpattern-compare-test-data.json",
    ))
    .unwrap();
    let mut failures = Vec::new();
    for entry in &data {
        let name = ComponentName::from_name(entry["component"].as_str().unwrap()).unwrap();
        let (left, right) = (pattern_of(&entry["left"]), pattern_of(&entry["right"]));
        let expected = entry["expected"].as_i64().unwrap();
        let order =
            |a: &UrlPattern, b: &UrlPattern| UrlPattern::compare_component(name, a, b) as i64;
        let got = [
            order(&left, &right),
            order(&right, &left),
            order(&left, &left),
            order(&right, &right),
        ];
        if got != [expected, -expected, 0, 0] {
            failures.push(format!("{entry}: got {got:?}"));
        }
    }
    println!(
        "urlpattern-compare-test-data.json: {} passed / {} total",
        data.len() - failures.len(),
        data.len()
    );
    assert!(failures.is_empty(), "{failures:#?}");
}

/// urlpattern-generate.tentative.any.js over resources/urlpattern-generate-test-data.json.
#[test]
fn generate_tentative() {
    let data: Vec<Value> = serde_json::from_str(&read(
        "urlpattern/resources/urlpattern-generate-test-data.json",
    ))
    .unwrap();
    let mut failures = Vec::new();
    for entry in &data {
        let pattern = pattern_of(&entry["pattern"]);
        let groups: Vec<(String, String)> = entry["groups"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(k, v)| (k.clone(), to_js_string(v)))
            .collect();
        // An unknown component name is a TypeError (WebIDL's enum conversion).
        let got = ComponentName::from_name(entry["component"].as_str().unwrap())
            .and_then(|name| pattern.generate(name, &groups).ok());
        if got.as_deref() != entry["expected"].as_str() {
            failures.push(format!("{entry}: got {got:?}"));
        }
    }
    println!(
        "urlpattern-generate-test-data.json: {} passed / {} total",
        data.len() - failures.len(),
        data.len()
    );
    assert!(failures.is_empty(), "{failures:#?}");
}
