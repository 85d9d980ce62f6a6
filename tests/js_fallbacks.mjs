// tests/js_fallbacks.rs's JavaScript side: reads the cases as JSON on standard input, runs each
// through js/fallback/'s copy of the algorithm, and writes the results as JSON.
import { readFileSync } from 'node:fs';
import { forgivingDecode, forgivingEncode, isomorphicDecode, isomorphicEncode } from '../js/fallback/base64.js';
import { parseFormUrlencoded, serializeFormUrlencoded } from '../js/fallback/form-urlencoded.js';

const cases = JSON.parse(readFileSync(0, 'utf8'));
const bytesOrNull = (bytes) => (bytes === undefined ? null : [...bytes]);
const results = {
  base64Decode: cases.base64Decode.map((string) => bytesOrNull(forgivingDecode(string))),
  base64Encode: cases.base64Encode.map((bytes) => forgivingEncode(Uint8Array.from(bytes))),
  isomorphicEncode: cases.isomorphicEncode.map((string) => bytesOrNull(isomorphicEncode(string))),
  isomorphicDecode: cases.isomorphicDecode.map((bytes) => isomorphicDecode(Uint8Array.from(bytes))),
  formParse: cases.formParse.map((string) => {
    try {
      return parseFormUrlencoded(string);
    } catch (error) {
      return { error: error.name };
    }
  }),
  formSerialize: cases.formSerialize.map((pairs) => serializeFormUrlencoded(pairs.flat())),
};
process.stdout.write(JSON.stringify(results));
