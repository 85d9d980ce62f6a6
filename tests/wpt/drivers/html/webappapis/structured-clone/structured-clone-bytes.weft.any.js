// META: title=weft.serialize() and weft.deserialize() (V8 wire bytes) against the structured clone battery
// META: script=/common/sab.js
// META: script=/html/webappapis/structured-clone/structured-clone-battery-of-tests.js
// META: script=/html/webappapis/structured-clone/structured-clone-battery-of-tests-with-transferables.js
// META: script=weft-battery-runner.js

// weft's driver: the structured clone battery with every clone made through bytes,
// weft.deserialize(weft.serialize(value, {transfer})), so that the walker, the Rust wire-format
// writer and reader, and the builder are all exercised. `weft` is the package's API: the
// polyfill's global in browsers, set by the runner in the vm host.
runWeftBattery((value, transfer) => self.webweft.deserialize(self.webweft.serialize(value, { transfer })));
