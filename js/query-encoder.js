// The url wasm's import for a query in an encoding other than UTF-8 (src/bindings/url.rs): that
// wasm has no encoders, so js/url.js sets the encoding area's here before such a parse. Apart
// from both areas, so that a bundle that never parses with an encoding leaves the encoding area
// (and its wasm) out.
let encoder = null;
let failure = null;

/** Sets the encoder: (encoding name, string) -> Uint32Array (src/bindings/encoding.rs). */
export function setQueryEncoder(encode) {
  encoder = encode;
}

/**
 * Called by the url wasm. It never throws into it (an exception would skip the Rust frames'
 * cleanup): what the encoder throws waits for rethrowQueryEncoderFailure.
 */
export function encodeQuery(encoding, input) {
  try {
    return encoder(encoding, input);
  } catch (error) {
    failure = { error };
    return new Uint32Array(0);
  }
}

/** After a parse: throws what encodeQuery caught during it, if anything. */
export function rethrowQueryEncoderFailure() {
  if (failure === null) return;
  const { error } = failure;
  failure = null;
  throw error;
}
