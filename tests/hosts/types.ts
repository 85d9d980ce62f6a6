// Type-checked (never run) by `deno check`: the package's .d.ts files describe its API.
import { atob, base64Decode, base64Encode, btoa, installPolyfill } from 'weft';
import init, { initSync } from 'weft/web';

const text: string = btoa('weft') + atob('d2VmdA==');
const bytes: Uint8Array = base64Decode(base64Encode(new Uint8Array([1, 2, 3])));
const installed: string[] = installPolyfill({ force: true, only: ['atob'] });
const ready: Promise<unknown> = init(new URL('https://example.invalid/weft_bg.wasm'));
initSync(new Uint8Array(0));

// @ts-expect-error btoa takes a string
btoa(42);
// @ts-expect-error base64Decode returns bytes, not a string
const wrong: string = base64Decode('AA==');

export { bytes, installed, ready, text, wrong };
