// Type-checked (never run) by `deno check`: the package's .d.ts files describe its API.
import { atob, base64Decode, base64Encode, btoa, html, installPolyfill, parseURL, URL as WeftURL, URLSearchParams as WeftParams } from 'weft';
import type { URLValidationError } from 'weft';
import init, { initSync } from 'weft/web';

const text: string = btoa('weft') + atob('d2VmdA==');
const bytes: Uint8Array = base64Decode(base64Encode(new Uint8Array([1, 2, 3])));
const installed: string[] = installPolyfill({ force: true, only: ['atob'] });
const ready: Promise<unknown> = init(new URL('https://example.invalid/weft_bg.wasm'));
initSync(new Uint8Array(0));

const year: number | undefined = html.parseDate('2016-02-29')?.year;
const moment = html.parseDateOrTime('12:00');
const hour: number | null = moment?.kind === 'time' ? moment.hour : null;
const offset: html.TimeZoneOffsetValue | undefined = html.parseGlobalDateTime('2000-01-01T00:00Z')?.timeZoneOffset;
const serialized: string | null = html.serializeTime({ hour: 9, minute: 30 });
const state: string | null = html.enumeratedAttributeState(null, { keywords: ['on', 'off'], missing: 'on' });
const tokens: string[] = html.splitOnAsciiWhitespace('a b');

// @ts-expect-error btoa takes a string
btoa(42);
// @ts-expect-error base64Decode returns bytes, not a string
const wrong: string = base64Decode('AA==');
// @ts-expect-error parseInteger may return null
const integer: number = html.parseInteger('42');

const url: WeftURL | null = WeftURL.parse('https://example.com/?a=1');
const pathname: string | undefined = url?.pathname;
const params: WeftParams | undefined = url?.searchParams;
params?.append('b', '2');
const pairs: [string, string][] = [...new WeftParams({ a: '1' })];
const parsed = parseURL(' https://example.com', undefined, { encoding: 'utf-8' });
const firstError: URLValidationError | undefined = parsed.errors[0];
const errorType: string | undefined = firstError?.type;
// @ts-expect-error origin is readonly
if (url) url.origin = 'x';
// @ts-expect-error get may return null
const value: string = new WeftParams().get('a');

export { bytes, errorType, pairs, pathname, value, hour, installed, integer, offset, ready, serialized, state, text, tokens, wrong, year };
