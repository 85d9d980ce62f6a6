// The record API (records.js) as the implementation classes and the form-urlencoded code reach
// it: an object that js/entries/whatwg-url-core.js fills. They are required from the generated
// CommonJS wrappers, so the bundler defers their evaluation and turns every module-level
// `const` of what they import into a mutable variable; records.js (and the glue, io and runtime
// under it) kept out of that graph keep their constants, which the record API's hot paths read
// on every call (parseURL took 1.7× as long through the deferred module).
export const recordAPI = {};
