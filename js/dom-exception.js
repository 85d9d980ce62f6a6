// WebIDL's DOMException (WebIDL §2.8.1), for the errors the standards name (InvalidCharacterError,
// DataCloneError, ...): the host's where it has one (read at load), else this one, so that hosts
// without it (Hermes, QuickJS, some embedders) get the same error type and code as browsers.
// The polyfills install it as the global `DOMException` only where the host lacks one.
import { toDOMString } from './webidl.js';

/** The legacy codes of the names that have one (WebIDL's error names table). */
const CODES = {
  __proto__: null,
  IndexSizeError: 1,
  HierarchyRequestError: 3,
  WrongDocumentError: 4,
  InvalidCharacterError: 5,
  NoModificationAllowedError: 7,
  NotFoundError: 8,
  NotSupportedError: 9,
  InUseAttributeError: 10,
  InvalidStateError: 11,
  SyntaxError: 12,
  InvalidModificationError: 13,
  NamespaceError: 14,
  InvalidAccessError: 15,
  TypeMismatchError: 17,
  SecurityError: 18,
  NetworkError: 19,
  AbortError: 20,
  URLMismatchError: 21,
  QuotaExceededError: 22,
  TimeoutError: 23,
  InvalidNodeTypeError: 24,
  DataCloneError: 25,
};

/** The legacy code constants (INDEX_SIZE_ERR = 1, ...), on the interface and its prototype. */
const CONSTANTS = [
  ['INDEX_SIZE_ERR', 1],
  ['DOMSTRING_SIZE_ERR', 2],
  ['HIERARCHY_REQUEST_ERR', 3],
  ['WRONG_DOCUMENT_ERR', 4],
  ['INVALID_CHARACTER_ERR', 5],
  ['NO_DATA_ALLOWED_ERR', 6],
  ['NO_MODIFICATION_ALLOWED_ERR', 7],
  ['NOT_FOUND_ERR', 8],
  ['NOT_SUPPORTED_ERR', 9],
  ['INUSE_ATTRIBUTE_ERR', 10],
  ['INVALID_STATE_ERR', 11],
  ['SYNTAX_ERR', 12],
  ['INVALID_MODIFICATION_ERR', 13],
  ['NAMESPACE_ERR', 14],
  ['INVALID_ACCESS_ERR', 15],
  ['VALIDATION_ERR', 16],
  ['TYPE_MISMATCH_ERR', 17],
  ['SECURITY_ERR', 18],
  ['NETWORK_ERR', 19],
  ['ABORT_ERR', 20],
  ['URL_MISMATCH_ERR', 21],
  ['QUOTA_EXCEEDED_ERR', 22],
  ['TIMEOUT_ERR', 23],
  ['INVALID_NODE_TYPE_ERR', 24],
  ['DATA_CLONE_ERR', 25],
];

const captureStackTrace = Error.captureStackTrace;
const { defineProperty } = Object;

/** A DOMException for hosts without one. */
function makeDOMException() {
  class DOMException {
    #name;
    #message;

    constructor(message = undefined, name = undefined) {
      this.#message = message === undefined ? '' : toDOMString(message);
      this.#name = name === undefined ? 'Error' : toDOMString(name);
      if (typeof captureStackTrace === 'function') captureStackTrace(this, DOMException);
    }

    get name() {
      return this.#name;
    }

    get message() {
      return this.#message;
    }

    get code() {
      return CODES[this.#name] ?? 0;
    }
  }
  // WebIDL: DOMException.prototype's prototype is Error.prototype; members are enumerable.
  Object.setPrototypeOf(DOMException.prototype, Error.prototype);
  for (const key of ['name', 'message', 'code']) {
    defineProperty(DOMException.prototype, key, { enumerable: true });
  }
  for (const [constant, value] of CONSTANTS) {
    for (const target of [DOMException, DOMException.prototype]) {
      defineProperty(target, constant, { value, enumerable: true, writable: false, configurable: false });
    }
  }
  defineProperty(DOMException.prototype, Symbol.toStringTag, { value: 'DOMException', configurable: true });
  return DOMException;
}

/** The host's DOMException, or webweft's where it has none. */
export const DOMException =
  typeof globalThis.DOMException === 'function' ? globalThis.DOMException : /* @__PURE__ */ makeDOMException();
