// The polyfill installer: puts weft's implementations on the global object where the host's are
// missing or fail a feature test, or everywhere with `force` — but only where weft's can run: an
// implementation that needs WebAssembly is not installed where the host cannot compile it (a
// Content-Security-Policy without 'wasm-unsafe-eval', an embedder that refuses, an engine with
// none), so a page is never left with a global that throws; the host's stays. It runs at load in
// the classic scripts, so it reads host globals only through `globalThis` and only after a typeof
// check: it must work where every global it provides is missing (old browsers, workers, embedded
// engines, a bare `vm` context).
import * as api from '#area-api';
import { compilesWasm } from '#flavour';
import { wasmUnavailableReason } from './wasm-module.js';

/**
 * For each global: a test that the host's one is present and right, what weft's needs from the
 * host to work, and whether it runs on a unit (which the flavours that compile wasm from bytes
 * need the host to allow). weft's implementation is the area's export of that name (undefined in
 * an area's polyfill that lacks it), read by name: a bundler of the workerd polyfill module would
 * warn about each missing one read as `api.NAME`.
 */
const GLOBALS = {
  atob: { hostIsGood: () => hostAtobIsForgiving() },
  btoa: { hostIsGood: () => typeof globalThis.btoa === 'function' },
  TextDecoder: { hostIsGood: () => hostTextDecoderIsComplete(), usesUnit: true },
  TextEncoder: { hostIsGood: () => hostTextEncoderIsGood() },
  TextDecoderStream: {
    hostIsGood: () => typeof globalThis.TextDecoderStream === 'function' && hostTextDecoderIsComplete(),
    hostHas: hostHasTransformStream,
    usesUnit: true,
  },
  TextEncoderStream: {
    hostIsGood: () => typeof globalThis.TextEncoderStream === 'function',
    hostHas: hostHasTransformStream,
  },
  structuredClone: { hostIsGood: () => hostStructuredCloneIsGood() },
  // Only where the host has none (webweft's is then its own): a host's must stay, even forced.
  DOMException: { hostIsGood: () => typeof globalThis.DOMException === 'function', evenForced: true },
  URL: { hostIsGood: () => hostURLIsCurrent(), usesUnit: true },
  URLSearchParams: { hostIsGood: () => hostURLSearchParamsIsCurrent(), usesUnit: true },
  URLPattern: { hostIsGood: () => hostURLPatternIsCurrent(), usesUnit: true },
};

/** The host's URLPattern has hasRegExpGroups, ignoreCase and the standard's optional prefix. */
function hostURLPatternIsCurrent() {
  const { URLPattern } = globalThis;
  if (typeof URLPattern !== 'function') return false;
  try {
    const pattern = new URLPattern({ pathname: '/:a/:b?' }, { ignoreCase: true });
    return pattern.hasRegExpGroups === false && pattern.exec({ pathname: '/X' })?.pathname.groups.a === 'X';
  } catch {
    return false;
  }
}

/** weft's streams are TransformStreams: without the host's, installing them would only throw later. */
function hostHasTransformStream() {
  return typeof globalThis.TransformStream === 'function';
}

/** The host's URL parses per the current standard and has the newer statics. */
function hostURLIsCurrent() {
  const { URL } = globalThis;
  if (typeof URL !== 'function' || typeof URL.parse !== 'function' || typeof URL.canParse !== 'function') return false;
  try {
    const url = new URL('HTTP://0x7F.1:80/a b/../c?d e#f`');
    return (
      url.href === 'http://127.0.0.1/c?d%20e#f%60' &&
      new URL('//\u00E9x.test', 'https://b/').host === 'xn--x-9fa.test' &&
      URL.parse('http://[::1.2.3.4]/')?.hostname === '[::102:304]' &&
      !URL.canParse('http://a b/') &&
      url.searchParams === url.searchParams
    );
  } catch {
    return false;
  }
}

/** The host's URLSearchParams has size and the two-argument has/delete. */
function hostURLSearchParamsIsCurrent() {
  const { URLSearchParams } = globalThis;
  if (typeof URLSearchParams !== 'function') return false;
  try {
    const params = new URLSearchParams([
      ['a', '1'],
      ['a', '2'],
      ['b', '\uD800'],
    ]);
    params.delete('a', '1');
    return params.size === 2 && params.has('a', '2') && !params.has('a', '1') && params.toString() === 'a=2&b=%EF%BF%BD';
  } catch {
    return false;
  }
}

// Node without full ICU lacks the legacy encodings; some engines get fatal mode, the BOM or
// streaming wrong.
function hostTextDecoderIsComplete() {
  if (typeof globalThis.TextDecoder !== 'function') return false;
  try {
    const decode = (label, bytes, options) => new globalThis.TextDecoder(label, options).decode(Uint8Array.from(bytes));
    if (decode('shift_jis', [0x82, 0xa0]) !== '\u3042') return false;
    if (decode('gb18030', [0x81, 0x30, 0x81, 0x30]) !== '\u0080') return false;
    if (decode('windows-1252', [0x80]) !== '\u20AC') return false;
    if (decode('utf-8', [0xef, 0xbb, 0xbf, 0x61]) !== 'a') return false;
    if (decode('utf-8', [0xf0, 0x80], {}) !== '\uFFFD\uFFFD') return false;
    // A legacy multi-byte character split across a stream's chunks (workerd's loses it).
    const sjis = new globalThis.TextDecoder('shift_jis');
    if (sjis.decode(Uint8Array.from([0x82]), { stream: true }) + sjis.decode(Uint8Array.from([0xa0])) !== '\u3042') return false;
    try {
      decode('utf-8', [0xff], { fatal: true });
      return false;
    } catch {
      // fatal mode throws, as it must
    }
    try {
      new globalThis.TextDecoder('replacement');
      return false;
    } catch {
      return true;
    }
  } catch {
    return false;
  }
}

function hostTextEncoderIsGood() {
  if (typeof globalThis.TextEncoder !== 'function') return false;
  try {
    const encoder = new globalThis.TextEncoder();
    const destination = new Uint8Array(4);
    const { read, written } = encoder.encodeInto('a\u{1F600}', destination);
    return read === 1 && written === 1 && encoder.encode('\uD800').join() === '239,191,189';
  } catch {
    return false;
  }
}

function hostAtobIsForgiving() {
  if (typeof globalThis.atob !== 'function') return false;
  try {
    if (globalThis.atob(' Y Q = = ') !== 'a') return false;
  } catch {
    return false;
  }
  try {
    globalThis.atob('YQ=');
    return false; // padding without a multiple of four must fail
  } catch {
    return true;
  }
}

/** The host's structuredClone keeps holes, clones errors and DOMExceptions, and rejects functions. */
function hostStructuredCloneIsGood() {
  const clone = globalThis.structuredClone;
  if (typeof clone !== 'function') return false;
  try {
    // oxlint-disable-next-line no-sparse-arrays -- holes stay holes
    if (0 in clone([, 1])) return false;
    const error = clone(new RangeError('m', { cause: 1 }));
    if (!(error instanceof RangeError) || error.message !== 'm') return false;
    const { DOMException } = globalThis;
    if (typeof DOMException === 'function' && !(clone(new DOMException('m', 'DataCloneError')) instanceof DOMException)) {
      return false; // DOMException is [Serializable]
    }
  } catch {
    return false;
  }
  try {
    clone(() => {});
    return false;
  } catch (error) {
    return error?.name === 'DataCloneError';
  }
}

// The globals that are WebIDL interfaces (the others are operations).
const INTERFACES = new Set([
  'TextDecoder',
  'TextEncoder',
  'TextDecoderStream',
  'TextEncoderStream',
  'URL',
  'URLSearchParams',
  'URLPattern',
  'DOMException',
]);
const ordinaryHasInstance = Function.prototype[Symbol.hasInstance];
// The interfaces whose objects the host's own APIs take as arguments.
const TAKEN_BY_HOST_APIS = new Set(['URL', 'URLSearchParams']);
// The own properties of a constructor that are its own, not statics another host may add.
const CONSTRUCTOR_KEYS = new Set(['length', 'name', 'prototype', Symbol.hasInstance]);

/**
 * What replacing a host's interface keeps (`implementation` takes over from `host`):
 *  - every static the host has and weft's lacks, as the host's own property, so
 *    `URL.createObjectURL`/`revokeObjectURL` (File API statics that need the host's blob
 *    store) are the host's functions;
 *  - `instanceof`: objects the host's constructor made (before the polyfill loaded, or by host
 *    APIs such as a native URL's `searchParams`) stay instances of the global. Only `instanceof`
 *    changes: weft's methods still brand-check their receiver, so a host object keeps working
 *    through its own prototype's methods, and weft's own objects are unaffected. Subclasses of
 *    weft's class keep the ordinary `instanceof`;
 *  - for URL and URLSearchParams, which host APIs take (fs, http, Worker, fetch bodies): the
 *    host's prototype as the [[Prototype]] of weft's, so that APIs that check it (Deno's fs and
 *    http, Node's fetch bodies) accept weft's objects; weft's members shadow the host's.
 */
function keepHostParts(name, implementation, host) {
  for (const key of Reflect.ownKeys(host)) {
    if (CONSTRUCTOR_KEYS.has(key) || Object.hasOwn(implementation, key)) continue;
    Object.defineProperty(implementation, key, Object.getOwnPropertyDescriptor(host, key));
  }
  const prototype = host.prototype;
  if (
    TAKEN_BY_HOST_APIS.has(name) &&
    typeof prototype === 'object' &&
    prototype !== null &&
    Object.getPrototypeOf(implementation.prototype) === Object.prototype
  ) {
    Object.setPrototypeOf(implementation.prototype, prototype);
  }
  if (Object.hasOwn(implementation, Symbol.hasInstance)) return;
  const hasInstance = {
    [Symbol.hasInstance](value) {
      return ordinaryHasInstance.call(this, value) || (this === implementation && ordinaryHasInstance.call(host, value));
    },
  }[Symbol.hasInstance];
  Object.defineProperty(implementation, Symbol.hasInstance, { value: hasInstance, configurable: true });
}

/**
 * Installs weft's globals. Returns the names installed, and as `skipped` the names it could not
 * install with the reason (a list that is not the returned array's elements).
 * @param {{force?: boolean, only?: string[]}} [options]
 */
export function install(options = {}) {
  const installed = [];
  const skipped = [];
  for (const [name, { hostIsGood, hostHas, usesUnit, evenForced }] of Object.entries(GLOBALS)) {
    const implementation = api[name];
    if (implementation === undefined || (options.only && !options.only.includes(name))) continue;
    if (((!options.force || evenForced) && hostIsGood()) || (hostHas && !hostHas())) continue;
    const cannotRun = usesUnit && compilesWasm ? wasmUnavailableReason() : undefined;
    if (cannotRun !== undefined) {
      skipped.push({ name, reason: cannotRun });
      continue;
    }
    const host = Object.getOwnPropertyDescriptor(globalThis, name)?.value;
    if (INTERFACES.has(name) && typeof host === 'function' && host !== implementation) {
      keepHostParts(name, implementation, host);
    }
    // WebIDL operations and interfaces are writable, configurable, non-enumerable properties.
    Object.defineProperty(globalThis, name, {
      value: implementation,
      writable: true,
      configurable: true,
      enumerable: false,
    });
    installed.push(name);
  }
  return { installed, skipped };
}

const warnAtLoad = typeof console === 'object' && console !== null ? console.warn : undefined;

/** Warns (once per list) about what `install` skipped; `noWasm`: the build to use instead. */
export function warnSkipped(skipped, noWasm) {
  if (skipped.length === 0 || typeof warnAtLoad !== 'function') return;
  const names = skipped.map(({ name }) => name).join(', ');
  warnAtLoad.call(
    console,
    `webweft: not installed: ${names} (${skipped[0].reason}); the host's stay. ${noWasm} runs without WebAssembly.`,
  );
}
