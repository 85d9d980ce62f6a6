// webweft's own platform objects (URL, URLSearchParams, TextDecoder, TextEncoder and the
// encoding streams): instances of WebIDL interfaces that are not [Serializable], which
// StructuredSerializeInternal must reject with a DataCloneError however they look (their state
// is in private fields, so they would otherwise clone as `{}`).
//
// A constructor stamps its new object with this bundle's private field (the "return override"
// of a base class adds a private field to any object): a few nanoseconds, where a WeakMap entry
// per object cost ~300 ns with its GC work (measured in Node 20 and 24), the whole of a small
// `new TextDecoder()`'s overhead over the native's. The check is `#interface in object`,
// whatever the prototype; a Proxy has no private fields.
//
// Each area of the package is bundled on its own (url.cjs stamps a URL that
// structured-clone.cjs must recognise), and each bundle has its own private name; so every
// bundle adds its check to one list per realm, defined on the global object under a registered
// symbol by whichever area loads first, non-writable and non-configurable so that nothing
// replaces it later. A value already there is used only if it is such a property holding a
// genuine, extensible Array (read and written by index, never through Array.prototype); if a
// page holds the key with anything else, every area moves on to the same next key
// (`webweft.platformInterfaces.1`, `.2`, ...), so the areas still share one list; only a global
// object that cannot take a new property leaves each bundle with a list of its own.

const { defineProperty, getOwnPropertyDescriptor, hasOwn, isExtensible } = Object;
const { isArray } = Array;
const KEY = Symbol.for('webweft.platformInterfaces');

/**
 * Returns the object it is given: a subclass's constructor then adds its fields to it. A
 * function in parentheses, not a class: V8 compiles it with the script, where it compiles a
 * class's constructor on the first `new` (a platform object's first construction is a cold path).
 */
// prettier-ignore
const Stamp = (function (object) {
  return object;
});

let nameOf;

class PlatformInterface extends Stamp {
  #name;
  constructor(object, name) {
    super(object);
    this.#name = name;
  }

  static {
    /** The interface name if this bundle stamped `object`, else undefined (in parentheses: compiled with the script). */
    // prettier-ignore
    nameOf = (function (object) {
      return #name in object ? object.#name : undefined;
    });
  }
}

const checks = (() => {
  for (let attempt = 0; ; attempt++) {
    const key = attempt === 0 ? KEY : Symbol.for(`webweft.platformInterfaces.${attempt}`);
    const existing = getOwnPropertyDescriptor(globalThis, key);
    if (existing !== undefined) {
      const value = existing.value;
      const genuine =
        hasOwn(existing, 'value') && !existing.writable && !existing.configurable && isArray(value) && isExtensible(value);
      if (genuine) return value;
      continue; // held by something else: the next key
    }
    const created = [];
    try {
      defineProperty(globalThis, key, {
        __proto__: null,
        value: created,
        writable: false,
        enumerable: false,
        configurable: false,
      });
    } catch {
      // A non-extensible global object: this bundle's own list.
    }
    return created;
  }
})();
defineProperty(checks, checks.length, { __proto__: null, value: nameOf, writable: true, enumerable: true, configurable: true });

/** Records `object` as an instance of weft's platform interface `name` (called by its constructor). */
// prettier-ignore
export const markPlatformObject = (function (object, name) {
  new PlatformInterface(object, name);
});
// PlatformInterface's constructor, compiled now rather than in the first platform object's
// construction (V8 compiles a class's constructor on its first run): it stamps a throwaway object.
markPlatformObject({ __proto__: null }, undefined);

/** The interface name if `object` is one of weft's platform objects (from any bundle), else undefined. */
// prettier-ignore
export const platformObjectName = (function (object) {
  for (let i = 0; i < checks.length; i++) {
    const name = checks[i](object);
    if (name !== undefined) return name;
  }
  return undefined;
});
