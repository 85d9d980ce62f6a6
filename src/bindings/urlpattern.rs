//! URL Pattern for `js/urlpattern.js`: compiles a pattern into a slot of a bounded cache in this
//! module and runs `test`/`exec` on it, one crossing each. JS keeps each pattern's converted
//! fields and compiles it again should its slot have been given to another pattern.
//! Custom regexp groups run on the host's RegExp (`regress` would add ~180 KB gzip: see
//! docs/urlpattern.md), through the compile and exec functions JS passes with each pattern.
//!
//! Strings arrive in the io input buffer one after the other (UTF-8); their byte lengths, or
//! `ABSENT`, are in the `FIELDS` record: for a string input, the string and the base URL; for a
//! URLPatternInit, its nine members. Strings cross back concatenated in the io output buffer,
//! with their lengths in UTF-16 code units (`ABSENT` for undefined) in the `LENGTHS` record.

use super::Global;
use super::io::{set_output, with_input_str};
use crate::urlpattern::{
    CompiledRegExp, ComponentName, ComponentResult, RegExpEngine, UrlPattern, UrlPatternError,
    UrlPatternInit, UrlPatternInput, UrlPatternOptions,
};
use alloc::boxed::Box;
use alloc::{string::String, vec::Vec};
use core::cell::{Cell, RefCell};
use js_sys::{Array, Function};
use wasm_bindgen::prelude::*;

/// The members of a URLPatternInit, in IDL order (protocol ... hash, baseURL).
const FIELD_COUNT: usize = 9;
/// A field or value that is not there.
const ABSENT: u32 = u32::MAX;
/// A call's failure: a TypeError, its message in the output buffer.
const TYPE_ERROR: i32 = -1;
/// `exec`'s null.
const NO_MATCH: i32 = -2;

static FIELDS: Global<Cell<[u32; FIELD_COUNT]>> = Global::new(Cell::new([ABSENT; FIELD_COUNT]));
static LENGTHS: Global<RefCell<Vec<u32>>> = Global::new(RefCell::new(Vec::new()));
/// `generate`'s groups: each name's and value's length in bytes, in the input buffer's order.
static GROUPS: Global<RefCell<Vec<u32>>> = Global::new(RefCell::new(Vec::new()));
/// How many compiled patterns the cache holds: memory stays flat however many URLPattern objects
/// live (nothing waits for a finalizer), and 64 covers the patterns a router or service worker
/// uses at once, so those are compiled once.
const CACHE_CAPACITY: usize = 64;

/// A compiled pattern, the stamp its compile got, and when it was last used.
struct CachedPattern {
    pattern: UrlPattern,
    stamp: u32,
    last_used: u64,
}

/// The compiled patterns, at most `CACHE_CAPACITY`.
static CACHE: Global<RefCell<Vec<CachedPattern>>> = Global::new(RefCell::new(Vec::new()));
/// The last stamp given: each compile gets the next, so a slot's stamp tells whether it still
/// holds the pattern JS compiled there.
static LAST_STAMP: Global<Cell<u32>> = Global::new(Cell::new(0));
/// The use counter behind `last_used`.
static TICK: Global<Cell<u64>> = Global::new(Cell::new(0));

fn next_tick() -> u64 {
    let tick = TICK.get() + 1;
    TICK.set(tick);
    tick
}

/// Stores a compiled pattern in a free slot, else in the least recently used one's place:
/// its slot (its stamp is then `LAST_STAMP`).
fn cache_insert(pattern: UrlPattern) -> usize {
    let stamp = LAST_STAMP.get().wrapping_add(1);
    LAST_STAMP.set(stamp);
    let entry = CachedPattern {
        pattern,
        stamp,
        last_used: next_tick(),
    };
    CACHE.with_borrow_mut(|cache| {
        if cache.len() < CACHE_CAPACITY {
            cache.push(entry);
            return cache.len() - 1;
        }
        let slot = cache
            .iter()
            .enumerate()
            .min_by_key(|(_, cached)| cached.last_used)
            .map_or(0, |(slot, _)| slot);
        cache[slot] = entry;
        slot
    })
}

/// Runs `f` on the pattern in `slot`, or gives `missing` for an empty slot.
fn with_pattern<R>(slot: usize, missing: R, f: impl FnOnce(&UrlPattern) -> R) -> R {
    CACHE.with_borrow(|cache| match cache.get(slot) {
        Some(cached) => f(&cached.pattern),
        None => missing,
    })
}

/// The host's RegExp: `compile(source, ignoreCase)` makes one with the `v` flag (throwing a
/// SyntaxError for a bad source), `exec(regexp, input)` gives null or its captures from 1 on.
struct HostEngine<'a> {
    compile: &'a Function,
    exec: &'a Function,
}

#[derive(Debug)]
struct HostRegExp {
    regexp: JsValue,
    exec: Function,
}

impl RegExpEngine for HostEngine<'_> {
    fn compile(&self, source: &str, ignore_case: bool) -> Option<Box<dyn CompiledRegExp>> {
        let regexp = self
            .compile
            .call2(
                &JsValue::UNDEFINED,
                &JsValue::from_str(source),
                &JsValue::from_bool(ignore_case),
            )
            .ok()?;
        Some(Box::new(HostRegExp {
            regexp,
            exec: self.exec.clone(),
        }))
    }
}

impl CompiledRegExp for HostRegExp {
    fn exec(&self, input: &str, group_count: usize) -> Option<Vec<Option<String>>> {
        let captures = self
            .exec
            .call2(&JsValue::UNDEFINED, &self.regexp, &JsValue::from_str(input))
            .ok()?;
        if captures.is_null() {
            return None;
        }
        let captures = Array::from(&captures);
        Some(
            (0..group_count)
                .map(|index| captures.get(index as u32).as_string())
                .collect(),
        )
    }
}

/// Address of the `FIELDS` record (fixed for the life of the instance).
#[wasm_bindgen(js_name = urlPatternFields)]
pub fn url_pattern_fields() -> *mut u32 {
    FIELDS.as_ptr().cast()
}

/// Address of the `LENGTHS` record after the last call (it moves when it grows).
#[wasm_bindgen(js_name = urlPatternLengths)]
pub fn url_pattern_lengths() -> *const u32 {
    LENGTHS.with_borrow(|lengths| lengths.as_ptr())
}

/// The number of entries in the `LENGTHS` record after the last call.
#[wasm_bindgen(js_name = urlPatternLengthsCount)]
pub fn url_pattern_lengths_count() -> usize {
    LENGTHS.with_borrow(Vec::len)
}

/// The input's fields: the present ones as strings.
fn with_fields<R>(f: impl FnOnce([Option<&str>; FIELD_COUNT]) -> R) -> R {
    let lengths = FIELDS.get();
    let total = lengths
        .iter()
        .filter(|&&length| length != ABSENT)
        .fold(0usize, |total, &length| {
            total.saturating_add(length as usize)
        });
    with_input_str(total, |text| {
        let mut rest = text;
        let fields = lengths.map(|length| {
            if length == ABSENT {
                return None;
            }
            // encodeInto wrote each field whole, so each split falls on a character boundary;
            // should it not, the field is empty.
            let (field, after) = rest.split_at_checked(length as usize).unwrap_or(("", rest));
            rest = after;
            Some(field)
        });
        f(fields)
    })
}

/// The URLPatternInit of the first nine fields.
fn init_of(fields: &[Option<&str>; FIELD_COUNT]) -> UrlPatternInit {
    let member = |index: usize| fields[index].map(String::from);
    UrlPatternInit {
        protocol: member(0),
        username: member(1),
        password: member(2),
        hostname: member(3),
        port: member(4),
        pathname: member(5),
        search: member(6),
        hash: member(7),
        base_url: member(8),
    }
}

/// Writes `strings` to the output buffer and their UTF-16 lengths to `LENGTHS`.
fn output<'a>(strings: impl Iterator<Item = Option<&'a str>>) {
    let mut text = String::new();
    LENGTHS.with_borrow_mut(|lengths| {
        lengths.clear();
        lengths.push(0);
        for string in strings {
            lengths.push(string.map_or(ABSENT, |string| {
                text.push_str(string);
                u32::try_from(string.encode_utf16().count()).unwrap_or(ABSENT)
            }));
        }
        lengths[0] = u32::try_from(text.len()).unwrap_or(ABSENT);
    });
    set_output(text.into_bytes());
}

fn type_error(error: &UrlPatternError) -> i32 {
    output(core::iter::once(Some(error.message())));
    TYPE_ERROR
}

/// Runs `f` on the input the fields describe: with `init`, a URLPatternInit; else a string
/// (field 0) and an optional base URL (field 1).
fn with_input<R>(init: bool, f: impl FnOnce(UrlPatternInput<'_>, Option<&str>) -> R) -> R {
    with_fields(|fields| {
        if init {
            let init = init_of(&fields);
            f(UrlPatternInput::Init(&init), None)
        } else {
            f(UrlPatternInput::String(fields[0].unwrap_or("")), fields[1])
        }
    })
}

/// `new URLPattern(input, baseURL, options)`: the new pattern's slot (its stamp from
/// `urlPatternLastStamp`), its eight pattern strings, then each component's group names after
/// their count, in the output; or `TYPE_ERROR`.
#[wasm_bindgen(js_name = urlPatternNew)]
pub fn url_pattern_new(init: bool, ignore_case: bool, compile: &Function, exec: &Function) -> i32 {
    let options = UrlPatternOptions { ignore_case };
    let engine = HostEngine { compile, exec };
    let pattern = match with_input(init, |input, base_url| {
        UrlPattern::new(input, base_url, options, &engine)
    }) {
        Ok(pattern) => pattern,
        Err(error) => return type_error(&error),
    };
    let components = pattern.components();
    let counts: Vec<String> = components
        .iter()
        .map(|component| {
            let mut count = String::new();
            crate::infra::strings::push_decimal(
                &mut count,
                component.group_name_list().len() as u64,
            );
            count
        })
        .collect();
    output(
        components
            .iter()
            .map(|component| Some(component.pattern_string()))
            .chain(Some(Some(if pattern.has_regexp_groups() {
                "1"
            } else {
                ""
            })))
            .chain(
                components
                    .iter()
                    .zip(&counts)
                    .flat_map(|(component, count)| {
                        core::iter::once(Some(count.as_str())).chain(
                            component
                                .group_name_list()
                                .iter()
                                .map(|name| Some(name.as_str())),
                        )
                    }),
            ),
    );
    i32::try_from(cache_insert(pattern)).unwrap_or(TYPE_ERROR)
}

/// The stamp of the last compile (`urlPatternNew`'s pattern's).
#[wasm_bindgen(js_name = urlPatternLastStamp)]
pub fn url_pattern_last_stamp() -> u32 {
    LAST_STAMP.get()
}

/// Whether `slot` still holds the pattern compiled with `stamp`; if so, marks it used.
#[wasm_bindgen(js_name = urlPatternTouch)]
pub fn url_pattern_touch(slot: usize, stamp: u32) -> bool {
    CACHE.with_borrow_mut(|cache| match cache.get_mut(slot) {
        Some(cached) if cached.stamp == stamp => {
            cached.last_used = next_tick();
            true
        }
        _ => false,
    })
}

/// `exec(input, baseURL)` on the pattern in `slot`: 0 with each component's input and group
/// values in the output (in the group name lists' order), `NO_MATCH`, or `TYPE_ERROR`.
#[wasm_bindgen(js_name = urlPatternExec)]
pub fn url_pattern_exec(slot: usize, init: bool) -> i32 {
    with_pattern(slot, TYPE_ERROR, |pattern| {
        let result = match with_input(init, |input, base_url| pattern.exec(input, base_url)) {
            Ok(Some(result)) => result,
            Ok(None) => return NO_MATCH,
            Err(error) => return type_error(&error),
        };
        let components: [&ComponentResult; 8] = [
            &result.protocol,
            &result.username,
            &result.password,
            &result.hostname,
            &result.port,
            &result.pathname,
            &result.search,
            &result.hash,
        ];
        output(components.iter().flat_map(|component| {
            core::iter::once(Some(component.input.as_str()))
                .chain(component.groups.iter().map(|(_, value)| value.as_deref()))
        }));
        0
    })
}

/// `test(input, baseURL)` on the pattern in `slot`: 1, 0, or `TYPE_ERROR`.
#[wasm_bindgen(js_name = urlPatternTest)]
pub fn url_pattern_test(slot: usize, init: bool) -> i32 {
    with_pattern(slot, TYPE_ERROR, |pattern| {
        match with_input(init, |input, base_url| pattern.test(input, base_url)) {
            Ok(matched) => i32::from(matched),
            Err(error) => type_error(&error),
        }
    })
}

/// `URLPatternComponent` by its index in IDL order.
fn component_name(index: u32) -> ComponentName {
    const NAMES: [ComponentName; 8] = [
        ComponentName::Protocol,
        ComponentName::Username,
        ComponentName::Password,
        ComponentName::Hostname,
        ComponentName::Port,
        ComponentName::Pathname,
        ComponentName::Search,
        ComponentName::Hash,
    ];
    NAMES[(index as usize).min(NAMES.len() - 1)]
}

/// The tentative `URLPattern.compareComponent(component, left, right)`: -1, 0 or 1 (0 if a
/// slot is empty).
#[wasm_bindgen(js_name = urlPatternCompare)]
pub fn url_pattern_compare(component: u32, left: usize, right: usize) -> i32 {
    CACHE.with_borrow(|cache| match (cache.get(left), cache.get(right)) {
        (Some(left), Some(right)) => {
            UrlPattern::compare_component(component_name(component), &left.pattern, &right.pattern)
                as i32
        }
        _ => 0,
    })
}

/// Address of the `GROUPS` record, made `count` entries long.
#[wasm_bindgen(js_name = urlPatternGroups)]
pub fn url_pattern_groups(count: usize) -> *mut u32 {
    GROUPS.with_borrow_mut(|groups| {
        groups.resize(count, 0);
        groups.as_mut_ptr()
    })
}

/// The tentative `generate(component, groups)` on the pattern in `slot`, the groups' names and
/// values in the input buffer as `GROUPS` says: 0 with the string in the output, or
/// `TYPE_ERROR`.
#[wasm_bindgen(js_name = urlPatternGenerate)]
pub fn url_pattern_generate(slot: usize, component: u32) -> i32 {
    let lengths = GROUPS.with_borrow(Clone::clone);
    let total = lengths.iter().fold(0usize, |total, &length| {
        total.saturating_add(length as usize)
    });
    let result = with_input_str(total, |text| {
        let mut rest = text;
        let mut strings = lengths.iter().map(|&length| {
            let (string, after) = rest.split_at_checked(length as usize).unwrap_or(("", rest));
            rest = after;
            String::from(string)
        });
        let mut groups = Vec::new();
        while let (Some(name), Some(value)) = (strings.next(), strings.next()) {
            groups.push((name, value));
        }
        with_pattern(
            slot,
            Err(UrlPatternError::new("this URLPattern is gone")),
            |pattern| pattern.generate(component_name(component), &groups),
        )
    });
    match result {
        Ok(generated) => {
            output(core::iter::once(Some(generated.as_str())));
            0
        }
        Err(error) => type_error(&error),
    }
}
