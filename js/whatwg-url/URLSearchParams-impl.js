// The URLSearchParams interface's implementation class for the webidl2js wrapper
// (generated/URLSearchParams.js), as whatwg-url's lib/URLSearchParams-impl.js is (URL §6.2): the
// list as [name, value] pairs in `_list`, the URL implementation it belongs to in `_url`, the
// update steps in `_updateSteps` (jsdom and whatwg-url's users reach for these by name).
import { parseUrlencodedString, serializeUrlencoded } from './urlencoded.js';

export const implementation = class URLSearchParamsImpl {
  constructor(globalObject, constructorArgs, { doNotStripQMark = false }) {
    let init = constructorArgs[0];
    this._list = [];
    this._url = null;
    if (!doNotStripQMark && typeof init === 'string' && init[0] === '?') init = init.slice(1);
    if (Array.isArray(init)) {
      // (The wrapper converted a sequence to an array of arrays, and a record to an object with
      // a null prototype.)
      for (const pair of init) {
        if (pair.length !== 2) {
          throw new TypeError(
            "Failed to construct 'URLSearchParams': parameter 1 sequence's element does not contain exactly two elements.",
          );
        }
        this._list.push([pair[0], pair[1]]);
      }
    } else if (typeof init === 'object' && Object.getPrototypeOf(init) === null) {
      for (const name of Object.keys(init)) this._list.push([name, init[name]]);
    } else {
      this._list = parseUrlencodedString(init);
    }
  }

  /** The update steps: the URL's query becomes the list's serialization, null if empty. */
  _updateSteps() {
    if (this._url !== null) {
      const serializedQuery = serializeUrlencoded(this._list);
      this._url._url.query = serializedQuery === '' ? null : serializedQuery;
    }
  }

  get size() {
    return this._list.length;
  }

  append(name, value) {
    this._list.push([name, value]);
    this._updateSteps();
  }

  delete(name, value) {
    let i = 0;
    while (i < this._list.length) {
      if (this._list[i][0] === name && (value === undefined || this._list[i][1] === value)) this._list.splice(i, 1);
      else i++;
    }
    this._updateSteps();
  }

  get(name) {
    for (const tuple of this._list) if (tuple[0] === name) return tuple[1];
    return null;
  }

  getAll(name) {
    const output = [];
    for (const tuple of this._list) if (tuple[0] === name) output.push(tuple[1]);
    return output;
  }

  has(name, value) {
    for (const tuple of this._list) if (tuple[0] === name && (value === undefined || tuple[1] === value)) return true;
    return false;
  }

  set(name, value) {
    let found = false;
    let i = 0;
    while (i < this._list.length) {
      if (this._list[i][0] !== name) {
        i++;
      } else if (found) {
        this._list.splice(i, 1);
      } else {
        found = true;
        this._list[i][1] = value;
        i++;
      }
    }
    if (!found) this._list.push([name, value]);
    this._updateSteps();
  }

  /** Sorts by name in code units (JS string order), stably. */
  sort() {
    this._list.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    this._updateSteps();
  }

  [Symbol.iterator]() {
    return this._list[Symbol.iterator]();
  }

  toString() {
    return serializeUrlencoded(this._list);
  }
};
