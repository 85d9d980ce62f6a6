// webweft's own platform objects (URL, URLSearchParams, TextDecoder, TextEncoder and the
// encoding streams): instances of WebIDL interfaces that are not [Serializable], which
// StructuredSerializeInternal must reject with a DataCloneError however they look (their state
// is in private fields, so they would otherwise clone as `{}`).
//
// Each area of the package may be bundled on its own, so module state is not shared: the
// registry (a WeakMap from object to interface name) is one per realm, defined on the global
// object under a registered symbol by whichever area loads first, non-writable and
// non-configurable so that nothing replaces it later. An existing value is used only if it is
// such a property holding a genuine WeakMap (checked by its internal slot, and always called
// through methods captured here, so a subclass or a Proxy cannot answer for it); otherwise this
// bundle keeps a registry of its own.

const uncurry = (fn) => Function.prototype.call.bind(fn);
const weakMapGet = uncurry(WeakMap.prototype.get);
const weakMapSet = uncurry(WeakMap.prototype.set);
const weakMapHas = uncurry(WeakMap.prototype.has);
const { defineProperty, getOwnPropertyDescriptor } = Object;
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
  const existing = getOwnPropertyDescriptor(globalThis, KEY);
  if (existing !== undefined) {
    const genuine = 'value' in existing && !existing.writable && !existing.configurable && isWeakMap(existing.value);
    return genuine ? existing.value : new WeakMap();
  }
  const created = new WeakMap();
  try {
    defineProperty(globalThis, KEY, { __proto__: null, value: created, writable: false, enumerable: false, configurable: false });
  } catch {
    // A non-extensible global object: this bundle's own registry.
  }
  return created;
})();

/** Records `object` as an instance of weft's platform interface `name` (called by its constructor). */
export function markPlatformObject(object, name) {
  weakMapSet(registry, object, name);
}

/** The interface name if `object` is one of weft's platform objects, else undefined. */
export function platformObjectName(object) {
  return weakMapGet(registry, object);
}
