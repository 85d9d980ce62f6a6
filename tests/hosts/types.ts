// Type-checked (never run) by `deno check`: the package's .d.ts files describe its API.
import { atob, base64Decode, base64Encode, btoa, deserialize, installPolyfill, registerSerializable, serialize, structuredClone } from 'weft';
import init, { initSync } from 'weft/web';

const text: string = btoa('weft') + atob('d2VmdA==');
const bytes: Uint8Array = base64Decode(base64Encode(new Uint8Array([1, 2, 3])));
const installed: string[] = installPolyfill({ force: true, only: ['atob'] });
const ready: Promise<unknown> = init(new URL('https://example.invalid/weft_bg.wasm'));
initSync(new Uint8Array(0));

const copy: { when: Date } = structuredClone({ when: new Date() }, { transfer: [new ArrayBuffer(1)] });
const wire: Uint8Array = serialize(copy, { forStorage: true });
const back: unknown = deserialize(wire.buffer);
class Point {
  constructor(public x: number, public y: number) {}
}
registerSerializable(Point, { name: 'Point', serialize: (p) => [p.x, p.y], deserialize: ([x, y]: number[]) => new Point(x, y) });

// @ts-expect-error btoa takes a string
btoa(42);
// @ts-expect-error base64Decode returns bytes, not a string
const wrong: string = base64Decode('AA==');

// @ts-expect-error serialize returns bytes
const notAString: string = serialize(1);
// @ts-expect-error registerSerializable needs the serialize and deserialize hooks
registerSerializable(Point, { name: 'Point' });

export { back, bytes, installed, notAString, ready, text, wrong };
