// URLPattern (the URL Pattern Standard) over the urlpattern unit (src/bindings/urlpattern.rs):
// WebIDL's conversions and result dictionaries here, every algorithm in Rust. A pattern is
// compiled into a slot of a bounded cache in the wasm instance; the object keeps its converted
// fields and compiles them again when its slot went to another pattern, so memory stays flat and
// nothing waits for a finalizer. Custom regexp groups run on the host's RegExp, which Rust calls
// through compileRegExp and execRegExp.
import * as glue from '#glue';
import { memoryBytes, writeString } from './io.js';
import { wasm } from './runtime.js';
import { utf8Decoder as makeUtf8Decoder } from './utf8.js';
import { requireArguments, toDOMString, toUSVString, webidlInterface } from './webidl.js';

// src/bindings/urlpattern.rs: FIELD_COUNT, ABSENT, TYPE_ERROR, NO_MATCH.
const FIELD_COUNT = 9;
const ABSENT = 0xffffffff;
const TYPE_ERROR = -1;
const NO_MATCH = -2;
const COMPONENT_COUNT = 8;
// URLPatternInit's members in the order of the Rust fields (IDL order), and in the order WebIDL
// reads a dictionary's members (lexicographic).
const INIT_MEMBERS = ['protocol', 'username', 'password', 'hostname', 'port', 'pathname', 'search', 'hash', 'baseURL'];
const INIT_MEMBERS_SORTED = [...INIT_MEMBERS].sort();

// Captured at load: a page may replace them later.
const utf8Decoder = makeUtf8Decoder();
const HostRegExp = RegExp;
const regExpExec = RegExp.prototype.exec;

// The standard's flag is `v`; an engine without it (older Hermes), or whose `v` rejects a `-`
// outside a class as QuickJS's does, gets `u`, whose syntax differs only inside character
// classes (docs/urlpattern.md).
const REGEXP_FLAG = (() => {
  try {
    new HostRegExp('-[a&&a]', 'v');
    return 'v';
  } catch {
    return 'u';
  }
})();

/** RegExpCreate(source, "v" or "vi"): throws a SyntaxError for a bad source. */
function compileRegExp(source, ignoreCase) {
  return new HostRegExp(source, ignoreCase ? `${REGEXP_FLAG}i` : REGEXP_FLAG);
}

/** RegExpBuiltinExec: null, or the captures from 1 on. */
function execRegExp(regexp, input) {
  const match = regExpExec.call(regexp, input);
  if (match === null) return null;
  const captures = [];
  for (let i = 1; i < match.length; i++) captures[i - 1] = match[i];
  return captures;
}

/** WebIDL's conversion to a dictionary: null and undefined are empty; else an object. */
function dictionaryValue(value, name) {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' && typeof value !== 'function') {
    throw new TypeError(`Failed to convert a value to the '${name}' dictionary.`);
  }
  return value;
}

/** A URLPatternInput as the nine fields (a string input: the string, then the base URL). */
function toFields(input) {
  const fields = Array.from({ length: FIELD_COUNT });
  if (input === undefined || input === null || typeof input === 'object' || typeof input === 'function') {
    const dictionary = dictionaryValue(input, 'URLPatternInit');
    if (dictionary !== undefined) {
      for (const member of INIT_MEMBERS_SORTED) {
        const value = dictionary[member];
        if (value !== undefined) fields[INIT_MEMBERS.indexOf(member)] = toUSVString(value);
      }
    }
    return { init: true, fields, baseURL: undefined };
  }
  fields[0] = toUSVString(input);
  return { init: false, fields, baseURL: undefined };
}

/** The input (converted first, as WebIDL converts arguments in order) with its base URL. */
function toSource(input, baseURL, hasBaseURL) {
  const source = toFields(input);
  if (hasBaseURL) {
    source.baseURL = toUSVString(baseURL);
    if (!source.init) source.fields[1] = source.baseURL;
  }
  return source;
}

const defineProperty = Object.defineProperty;

/** CreateDataProperty, which no setter on Object.prototype can intercept. */
function createDataProperty(object, key, value) {
  defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
}

const BASE_URL_BESIDE_INIT = 'a base URL goes in the URLPatternInit, not beside it';

/** Writes the fields into the input buffer and the FIELDS record. */
function writeFields(fields) {
  const lengths = [];
  let offset = 0;
  for (const field of fields) {
    if (field === undefined) {
      lengths.push(ABSENT);
    } else {
      const length = writeString(field, offset);
      lengths.push(length);
      offset += length;
    }
  }
  // After the strings: writing them may grow the memory.
  new Uint32Array(wasm().memory.buffer, glue.urlPatternFields(), FIELD_COUNT).set(lengths);
}

/** The strings of the last call's output, undefined where absent. */
function readStrings() {
  const exports = wasm();
  const count = glue.urlPatternLengthsCount();
  const lengths = new Uint32Array(exports.memory.buffer, glue.urlPatternLengths(), count).slice();
  const address = glue.ioOutput();
  const text = utf8Decoder.decode(memoryBytes().subarray(address, address + lengths[0]));
  glue.ioRelease();
  const strings = [];
  for (let i = 1, at = 0; i < count; i++) {
    if (lengths[i] === ABSENT) {
      strings.push(undefined);
    } else {
      strings.push(text.slice(at, at + lengths[i]));
      at += lengths[i];
    }
  }
  return strings;
}

/**
 * Compiles a pattern: its slot, the slot's stamp, the instance holding it, its pattern strings
 * and group names.
 */
function compile({ init, fields }, ignoreCase) {
  writeFields(fields);
  const slot = glue.urlPatternNew(init, ignoreCase, compileRegExp, execRegExp);
  const stamp = glue.urlPatternLastStamp();
  const strings = readStrings();
  if (slot === TYPE_ERROR) throw new TypeError(`Failed to construct 'URLPattern': ${strings[0]}`);
  const names = [];
  let at = COMPONENT_COUNT + 1;
  for (let i = 0; i < COMPONENT_COUNT; i++) {
    const count = Number(strings[at++]);
    names.push(strings.slice(at, at + count));
    at += count;
  }
  return {
    slot,
    stamp,
    exports: wasm(),
    patterns: strings.slice(0, COMPONENT_COUNT),
    hasRegExpGroups: strings[COMPONENT_COUNT] === '1',
    names,
  };
}

/** `input` as URLPatternResult's `inputs` holds it: a string, or the dictionary's present members. */
function resultInput({ init, fields }) {
  if (!init) return fields[0];
  const dictionary = {};
  for (const member of INIT_MEMBERS_SORTED) {
    const value = fields[INIT_MEMBERS.indexOf(member)];
    if (value !== undefined) createDataProperty(dictionary, member, value);
  }
  return dictionary;
}

/** WebIDL's URLPatternComponent enum: the component's index, or a TypeError. */
function componentIndex(value, where) {
  const index = INIT_MEMBERS.indexOf(toDOMString(value));
  if (index < 0 || index >= COMPONENT_COUNT) {
    throw new TypeError(`${where}: the provided value '${value}' is not a valid enum value of type URLPatternComponent.`);
  }
  return index;
}

const ownKeys = Reflect.ownKeys;
const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;

/** WebIDL's record<USVString, USVString>: [key, value] pairs of own enumerable string keys. */
function toRecord(value, where) {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) {
    throw new TypeError(`${where}: the groups are not an object.`);
  }
  const pairs = [];
  const keys = ownKeys(value);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (typeof key === 'symbol') continue;
    const descriptor = getOwnPropertyDescriptor(value, key);
    if (descriptor === undefined || !descriptor.enumerable) continue;
    pairs.push(toUSVString(key), toUSVString(value[key]));
  }
  return pairs;
}

let compiledOf;
let ensureSlot;

class URLPattern {
  #source;
  #ignoreCase;
  #compiled;

  constructor(input = undefined, baseURL = undefined, options = undefined) {
    // Overload resolution: (input, baseURL, options), or (input, options) when the second
    // argument is missing, undefined, null or an object.
    const hasBaseURL =
      arguments.length >= 3 ||
      (arguments.length === 2 &&
        baseURL !== undefined &&
        baseURL !== null &&
        typeof baseURL !== 'object' &&
        typeof baseURL !== 'function');
    const source = toSource(input, baseURL, hasBaseURL);
    const dictionary = dictionaryValue(hasBaseURL ? options : baseURL, 'URLPatternOptions');
    const ignoreCase = dictionary === undefined ? false : !!dictionary.ignoreCase;
    if (source.init && hasBaseURL) throw new TypeError(`Failed to construct 'URLPattern': ${BASE_URL_BESIDE_INIT}.`);
    this.#source = source;
    this.#ignoreCase = ignoreCase;
    this.#compiled = compile(source, ignoreCase);
  }

  static {
    compiledOf = (pattern) => {
      if (!(#compiled in pattern)) throw new TypeError('Illegal invocation: not a URLPattern object');
      return pattern.#compiled;
    };
    // The pattern's slot, compiled again from the kept fields if the cache gave it to another
    // pattern or a panic elsewhere replaced the instance (src/bindings/mod.rs). It compiled once
    // from the same strings, so it cannot throw. Called after the arguments' conversions (user
    // code could make patterns) and before the call's strings go into the input buffer.
    ensureSlot = (pattern) => {
      const compiled = pattern.#compiled;
      if (compiled.exports === wasm() && glue.urlPatternTouch(compiled.slot, compiled.stamp)) return compiled.slot;
      const { slot, stamp, exports } = compile(pattern.#source, pattern.#ignoreCase);
      compiled.slot = slot;
      compiled.stamp = stamp;
      compiled.exports = exports;
      return slot;
    };
  }

  test(input = undefined, baseURL = undefined) {
    compiledOf(this);
    const source = toSource(input, baseURL, baseURL !== undefined);
    if (source.init && source.baseURL !== undefined)
      throw new TypeError(`Failed to execute 'test' on 'URLPattern': ${BASE_URL_BESIDE_INIT}.`);
    const slot = ensureSlot(this);
    writeFields(source.fields);
    const status = glue.urlPatternTest(slot, source.init);
    if (status === TYPE_ERROR) throw new TypeError(`Failed to execute 'test' on 'URLPattern': ${readStrings()[0]}.`);
    return status === 1;
  }

  exec(input = undefined, baseURL = undefined) {
    const { names } = compiledOf(this);
    const source = toSource(input, baseURL, baseURL !== undefined);
    if (source.init && source.baseURL !== undefined)
      throw new TypeError(`Failed to execute 'exec' on 'URLPattern': ${BASE_URL_BESIDE_INIT}.`);
    const slot = ensureSlot(this);
    writeFields(source.fields);
    const status = glue.urlPatternExec(slot, source.init);
    if (status === NO_MATCH) return null;
    const strings = readStrings();
    if (status === TYPE_ERROR) throw new TypeError(`Failed to execute 'exec' on 'URLPattern': ${strings[0]}.`);
    // URLPatternResult and URLPatternComponentResult, members in WebIDL's (lexicographic) order.
    const components = [];
    let at = 0;
    for (let i = 0; i < COMPONENT_COUNT; i++) {
      const componentInput = strings[at++];
      const groups = {};
      const componentNames = names[i];
      for (let j = 0; j < componentNames.length; j++) createDataProperty(groups, componentNames[j], strings[at++]);
      components.push({ groups, input: componentInput });
    }
    const inputs = [resultInput(source)];
    if (!source.init && source.baseURL !== undefined) inputs.push(source.baseURL);
    return {
      hash: components[7],
      hostname: components[3],
      inputs,
      password: components[2],
      pathname: components[5],
      port: components[4],
      protocol: components[0],
      search: components[6],
      username: components[1],
    };
  }

  /** The tentative order of two patterns' component (Chromium's; no standard defines it yet). */
  static compareComponent(component, left, right) {
    const where = "Failed to execute 'compareComponent' on 'URLPattern'";
    requireArguments(arguments.length, 3, where);
    const index = componentIndex(component, where);
    compiledOf(left);
    compiledOf(right);
    // Ensuring right evicts the least recently used slot, never left's just touched one (the
    // cache holds more than one).
    const leftSlot = ensureSlot(left);
    return glue.urlPatternCompare(index, leftSlot, ensureSlot(right));
  }

  /** The tentative `generate`: the component with its segment groups filled in. */
  generate(component, groups) {
    const where = "Failed to execute 'generate' on 'URLPattern'";
    requireArguments(arguments.length, 2, where);
    compiledOf(this);
    const index = componentIndex(component, where);
    const pairs = toRecord(groups, where);
    const slot = ensureSlot(this);
    const lengths = [];
    let offset = 0;
    for (let i = 0; i < pairs.length; i++) {
      const length = writeString(pairs[i], offset);
      lengths.push(length);
      offset += length;
    }
    new Uint32Array(wasm().memory.buffer, glue.urlPatternGroups(lengths.length), lengths.length).set(lengths);
    const status = glue.urlPatternGenerate(slot, index);
    const string = readStrings()[0];
    if (status === TYPE_ERROR) throw new TypeError(`${where}: ${string}.`);
    return string;
  }

  get protocol() {
    return compiledOf(this).patterns[0];
  }

  get username() {
    return compiledOf(this).patterns[1];
  }

  get password() {
    return compiledOf(this).patterns[2];
  }

  get hostname() {
    return compiledOf(this).patterns[3];
  }

  get port() {
    return compiledOf(this).patterns[4];
  }

  get pathname() {
    return compiledOf(this).patterns[5];
  }

  get search() {
    return compiledOf(this).patterns[6];
  }

  get hash() {
    return compiledOf(this).patterns[7];
  }

  get hasRegExpGroups() {
    return compiledOf(this).hasRegExpGroups;
  }
}

webidlInterface(URLPattern, 'URLPattern');

export { URLPattern };
