// Runs the structured clone battery (structuredCloneBatteryOfTests, filled by the upstream
// battery files) with `clone(value, transferList)` as the cloning function.
//
// weft's drivers use this instead of the upstream structured-clone-battery-of-tests-harness.js:
// the shared copy of that file predates upstream's fix that passes the test object to each
// test (`test.f(runner, t)`), without which the four tests that expect a rejection
// (promise_rejects_*(t, ...)) fail before checking anything and leave the rejection unhandled.
function runWeftBattery(clone) {
  const runner = {
    structuredClone: (value, transferList) => new Promise((resolve) => resolve(clone(value, transferList))),
  };
  for (const battery of structuredCloneBatteryOfTests) {
    if (battery.requiresDocument && typeof document === 'undefined') continue;
    promise_test((t) => battery.f(runner, t), battery.description);
  }
}
