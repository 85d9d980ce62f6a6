// webweft's own platform objects (URL, URLSearchParams, TextDecoder, TextEncoder and the
// encoding streams): instances of WebIDL interfaces that are not [Serializable], which
// StructuredSerializeInternal must reject with a DataCloneError however they look (their state
// is in private fields, so they would otherwise clone as `{}`).
//
// Each area of the package is bundled on its own (url.cjs marks a URL that
// structured-clone.cjs must recognise), so module state is not shared: the registry (a WeakMap
// from object to interface name) is one per realm, defined on the global object under a
// registered symbol by whichever area loads first, non-writable and non-configurable so that
// nothing replaces it later. An existing value is used only if it is such a property holding a
// genuine WeakMap (checked by its internal slot, and always called through methods captured
// here, so a subclass or a Proxy cannot answer for it). If a page holds the key with anything
// else, every area moves on to the same next key (`webweft.platformObjects.1`, `.2`, ...), so
// the areas still share one registry; only a global object that cannot take a new property
// leaves each bundle with a registry of its own.

const uncurry = (fn) => Function.prototype.call.bind(fn);
const weakMapGet = uncurry(WeakMap.prototype.get);
const weakMapSet = uncurry(WeakMap.prototype.set);
const weakMapHas = uncurry(WeakMap.prototype.has);
const { defineProperty, getOwnPropertyDescriptor, hasOwn } = Object;
const KEY = Symbol.for('webweft.platformObjects');

function isWeakMap(value) {
  try {
    weakMapHas(value, isWeakMap); // throws unless `value` has [[WeakMapData]]
    return true;
  } catch {
    return false;
  }
}

const registry = (() => {
  for (let attempt = 0; ; attempt++) {
    const key = attempt === 0 ? KEY : Symbol.for(`webweft.platformObjects.${attempt}`);
    const existing = getOwnPropertyDescriptor(globalThis, key);
    if (existing !== undefined) {
      const genuine = hasOwn(existing, 'value') && !existing.writable && !existing.configurable && isWeakMap(existing.value);
      if (genuine) return existing.value;
      continue; // held by something else: the next key
    }
    const created = new WeakMap();
    try {
      defineProperty(globalThis, key, { __proto__: null, value: created, writable: false, enumerable: false, configurable: false });
    } catch {
      // A non-extensible global object: this bundle's own registry.
    }
    return created;
  }
})();

/** Records `object` as an instance of weft's platform interface `name` (called by its constructor). */
export function markPlatformObject(object, name) {
  weakMapSet(registry, object, name);
}

/** The interface name if `object` is one of weft's platform objects, else undefined. */
export function platformObjectName(object) {
  return weakMapGet(registry, object);
}
