// The Node test build (`testing-hooks`): the whole API, and a deliberate panic in every area's wasm
// (base64 and structured clone have none).
import { panicForTesting as encodingPanic } from '#area/encoding';
import { panicForTesting as htmlPanic } from '#area/html';
import { panicForTesting as urlPanic } from '#area/url';

export * from '#area/index';

/** Panics (traps) in each area's wasm; throws the last trap. */
export function panicForTesting() {
  let trap;
  for (const panic of [encodingPanic, htmlPanic, urlPanic]) {
    try {
      panic();
    } catch (error) {
      trap = error;
    }
  }
  throw trap;
}
