// Run as a script (by structured-clone-builtins.test.mjs, in a process of its own: a page's
// replaced built-ins would break the test runner itself while streams run): weft's
// TextDecoderStream and TextEncoderStream on input split inside characters, under each way a
// page may replace built-ins after load. The control is the host's own stream machinery, which
// weft's streams run on: an identity TransformStream made and reached through built-ins
// captured here, fed and read alike. Where the control fails, the page has broken the host's
// streams themselves, and no stream can work there, weft's or any. Prints, as JSON, by tamper
// name: { weft, control } (what each made, or what it threw).
import * as weft from 'webweft';
import { TAMPERS, getterOf, method, replace } from './structured-clone-tampers.mjs';

/** The encoding classes' and the streams' own built-ins, as a page may replace them after load. */
const STREAM_TAMPERS = {
  "weft's TextDecoder.prototype.decode": () =>
    replace(weft.TextDecoder.prototype, 'decode', { value: () => 'HIJACKED', writable: true }),
  "weft's TextDecoder.prototype.encoding": getterOf(weft.TextDecoder.prototype, 'encoding'),
  "weft's TextDecoder.prototype.fatal": getterOf(weft.TextDecoder.prototype, 'fatal'),
  "weft's TextDecoder.prototype.ignoreBOM": getterOf(weft.TextDecoder.prototype, 'ignoreBOM'),
  "weft's TextEncoder.prototype.encode": method(weft.TextEncoder.prototype, 'encode'),
  'TextEncoder.prototype.encode': method(TextEncoder.prototype, 'encode'),
  'globalThis.TransformStream': method(globalThis, 'TransformStream'),
  'TransformStream.prototype.readable': getterOf(TransformStream.prototype, 'readable'),
  'TransformStream.prototype.writable': getterOf(TransformStream.prototype, 'writable'),
  'TransformStreamDefaultController.prototype.enqueue': method(TransformStreamDefaultController.prototype, 'enqueue'),
  'Object.prototype.start (a transformer member)': getterOf(Object.prototype, 'start'),
  'Object.prototype.transform (a transformer member)': getterOf(Object.prototype, 'transform'),
  'Object.prototype.flush (a transformer member)': getterOf(Object.prototype, 'flush'),
  'Object.prototype.cancel (a transformer member)': getterOf(Object.prototype, 'cancel'),
  'Object.prototype.stream (a decode option)': getterOf(Object.prototype, 'stream'),
  'Uint8Array.of': method(Uint8Array, 'of'),
  'globalThis.String': method(globalThis, 'String'),
};

const HostTransformStream = TransformStream;
const { get: readableOf } = Object.getOwnPropertyDescriptor(TransformStream.prototype, 'readable');
const { get: writableOf } = Object.getOwnPropertyDescriptor(TransformStream.prototype, 'writable');
const { enqueue } = TransformStreamDefaultController.prototype;
const { apply } = Reflect;
/**
 * The control: a stream that passes chunks through with transform and flush steps of its own
 * (the host calls those as it calls weft's), with the getters of a weft stream.
 */
class Identity {
  #transform = new HostTransformStream({
    __proto__: null,
    transform: (chunk, controller) => apply(enqueue, controller, [chunk]),
    flush: () => {},
  });

  get readable() {
    return apply(readableOf, this.#transform, []);
  }

  get writable() {
    return apply(writableOf, this.#transform, []);
  }

  get encoding() {
    return 'utf-8';
  }
}

/**
 * What a TextDecoderStream and a TextEncoderStream made of input split inside characters, run to
 * the end while `tamper` is in force. (Nothing here uses what a tamper replaces: the input is made
 * first, no array is read or written past its own elements, no iteration, no typed-array getters
 * before the undo.)
 */
async function streamsUnder(tamper, DecoderStream = Identity, EncoderStream = Identity) {
  // (A failed stream rejects the writes too: each is caught, so that only a job of the host's
  // that throws is uncaught.)
  const ignore = () => {};
  const run = async (stream, first, second, third) => {
    const writer = stream.writable.getWriter();
    const reader = stream.readable.getReader();
    writer.write(first).catch(ignore);
    writer.write(second).catch(ignore);
    writer.write(third).catch(ignore);
    writer.close().catch(ignore);
    let chunks = null;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return chunks;
      chunks = { value, next: chunks };
    }
  };
  // The last chunks past the decoder's and encoder's short paths (through wasm memory and the host's encoder).
  const bytes = [
    Uint8Array.of(0x78, 0xc3),
    new DataView(Uint8Array.of(0xa9, 0xe2, 0x82).buffer),
    Uint8Array.of(0xac, ...Buffer.from('é'.repeat(150))),
  ];
  const long = `${'é'.repeat(100)}\uD800`;
  const undo = tamper();
  let decoder;
  let encoder;
  let decoded;
  let encoded;
  try {
    decoder = new DecoderStream('utf-8', { fatal: true });
    encoder = new EncoderStream();
    decoded = await run(decoder, bytes[0], bytes[1], bytes[2]);
    encoded = await run(encoder, 'a\uD83D', '\uDE00b', long);
    decoder = DecoderStream === Identity ? 'identity' : `${decoder.encoding} ${decoder.fatal} ${decoder.ignoreBOM}`;
    encoder = encoder.encoding;
  } catch (error) {
    return `threw ${error}`;
  } finally {
    undo();
  }
  const list = (chunks, show) => (chunks === null ? [] : [...list(chunks.next, show), show(chunks.value)]);
  return {
    decoder,
    decoded: list(decoded, (chunk) =>
      typeof chunk === 'string' ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('hex'),
    ),
    encoder,
    encoded: list(encoded, (chunk) => `${Object.prototype.toString.call(chunk)} ${Buffer.from(chunk).toString('hex')}`),
  };
}

/**
 * An accessor on an index of Array.prototype or Object.prototype breaks the host's streams
 * outright (Node's keep their queues in arrays): its jobs throw, and streams may never settle.
 * These run last (what they leave pending cannot reach the others), each bounded in time.
 */
const INDEX_TAMPERS = Object.keys(TAMPERS).filter((name) => /^(Array|Object)\.prototype\[\d\] accessor$/.test(name));

/** Set when the host's stream machinery throws from a job of its own (so uncaught) under a tamper. */
let hostThrew;
process.on('uncaughtException', (error) => {
  hostThrew = String(error);
});
const settle = () => new Promise((resolve) => setImmediate(resolve));
/** `promise`'s value, or "hung" after a second. (Not Promise.race, which iterates its argument.) */
const bounded = (promise) =>
  new Promise((resolve) => {
    promise.then(resolve, resolve);
    setTimeout(() => resolve('hung'), 1000);
  });

const results = {};
const names = [
  ...Object.keys(TAMPERS).filter((name) => !INDEX_TAMPERS.includes(name)),
  ...Object.keys(STREAM_TAMPERS),
  ...INDEX_TAMPERS,
];
const tampers = { 'nothing replaced': () => () => {}, ...TAMPERS, ...STREAM_TAMPERS };
for (const name of ['nothing replaced', ...names]) {
  hostThrew = undefined;
  const control = await bounded(streamsUnder(tampers[name]));
  const ours = await bounded(streamsUnder(tampers[name], weft.TextDecoderStream, weft.TextEncoderStream));
  await settle();
  results[name] = { weft: ours, control: hostThrew === undefined ? control : `the host threw ${hostThrew}` };
}
// Exits once the output is written (through a pipe, asynchronously): what the index accessors
// left pending is dropped.
process.stdout.write(JSON.stringify(results), () => process.exit(0));
