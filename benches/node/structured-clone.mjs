// Structured clone: weft's structuredClone (walker → builder in JS) and weft's bytes
// (serialize → deserialize, V8's wire format in JavaScript) side by side with Node's native
// structuredClone, @ungap/structured-clone and v8.serialize → v8.deserialize.
// @ungap/structured-clone's default export calls the host's structuredClone wherever there is
// one (Node 17+), so its own JavaScript clone is measured through its serialize/deserialize.
import v8 from 'node:v8';
import ungapStructuredClone, { deserialize as ungapDeserialize, serialize as ungapSerialize } from '@ungap/structured-clone';
import * as weft from 'webweft';
import { MiB, cloneWorkloads } from '../shared/clone-data.mjs';
import { compare } from './harness.mjs';

const candidates = (value, { json = false } = {}) => ({
  'native structuredClone': () => structuredClone(value),
  'weft.structuredClone': () => weft.structuredClone(value),
  'weft.deserialize(weft.serialize)': () => weft.deserialize(weft.serialize(value)),
  'v8.deserialize(v8.serialize)': () => v8.deserialize(v8.serialize(value)),
  '@ungap default (host clone)': () => ungapStructuredClone(value),
  '@ungap serialize+deserialize': () => ungapDeserialize(ungapSerialize(value)),
  // For JSON-compatible data, V8's native JSON round trip as a yardstick.
  ...(json && { 'JSON.parse(JSON.stringify)': () => JSON.parse(JSON.stringify(value)) }),
});

for (const [title, value, row, json] of cloneWorkloads) {
  const summary = {};
  if (row) summary[row] = ['weft.deserialize(weft.serialize)', 'v8.deserialize(v8.serialize)'];
  if (value === cloneWorkloads[0][1])
    summary['structuredClone 1,000 small objects / native'] = ['weft.structuredClone', 'native structuredClone'];
  const typed = row === null;
  if (typed) summary['structuredClone 10 MiB typed arrays / native'] = ['weft.structuredClone', 'native structuredClone'];
  compare(`structured clone: ${title}`, candidates(value, { json }), { bytes: typed ? 10 * MiB : undefined, summary });
}
