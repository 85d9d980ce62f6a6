// The Node test build (`testing-hooks`): the whole API, and a deliberate panic in every area's wasm (base64 has none).
import { panicForTesting as encodingPanic } from '#area/encoding';
import { panicForTesting as htmlPanic } from '#area/html';
import { panicForTesting as clonePanic } from '#area/structured-clone';
import { panicForTesting as urlPanic } from '#area/url';

export * from './index.js';

/** Panics (traps) in each area's wasm; throws the last trap. */
export function panicForTesting() {
  let trap;
  for (const panic of [encodingPanic, htmlPanic, clonePanic, urlPanic]) {
    try {
      panic();
    } catch (error) {
      trap = error;
    }
  }
  throw trap;
}
