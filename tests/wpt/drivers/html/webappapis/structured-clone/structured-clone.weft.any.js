// META: title=structuredClone() (weft's) against the structured clone battery
// META: script=/common/sab.js
// META: script=/html/webappapis/structured-clone/structured-clone-battery-of-tests.js
// META: script=/html/webappapis/structured-clone/structured-clone-battery-of-tests-with-transferables.js
// META: script=weft-battery-runner.js

// weft's driver for upstream's structured-clone.any.js: the same battery and the same cloning
// function (the global structuredClone, which the runner has replaced with weft's), run by
// weft-battery-runner.js (see there why not by the shared harness file).
if (!self.structuredClone[Symbol.for('weft.implementation')]) throw new Error("the global structuredClone is not weft's");
runWeftBattery((value, transfer) => self.structuredClone(value, { transfer }));
