// `webweft/encoding` (every encoding) and `webweft/encoding-lite` (without the legacy multi-byte
// ones): the same facade over two wasm builds.
export {
  TextDecoder,
  TextDecoderStream,
  TextEncoder,
  TextEncoderStream,
  decode,
  encode,
  labelToEncoding,
  sniffBOM,
} from '../encoding.js';
export * from '#testing';
