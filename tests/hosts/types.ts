// Type-checked (never run) by `deno check`: the package's .d.ts files describe its API.
import {
  atob,
  base64Decode,
  base64Encode,
  btoa,
  decode,
  deserialize,
  encode,
  html,
  installPolyfill,
  labelToEncoding,
  registerSerializable,
  serialize,
  sniffBOM,
  structuredClone,
  TextDecoder,
  TextEncoder,
  parseURL,
  URL as WeftURL,
  URLSearchParams as WeftParams,
} from 'webweft';
import type { URLValidationError } from 'webweft';
import { URL as AreaURL } from 'webweft/url';
import { parseInteger } from 'webweft/html';
import { structuredClone as areaClone } from 'webweft/structured-clone';
import { TextDecoder as LiteDecoder } from 'webweft/lite';

const text: string = btoa('weft') + atob('d2VmdA==');
const bytes: Uint8Array = base64Decode(base64Encode(new Uint8Array([1, 2, 3])));
const installed: string[] = installPolyfill({ force: true, only: ['atob'] });
// Each area subpath has the same types as the whole package's.
const areaURL: WeftURL = new AreaURL('https://a.test/');
const areaInteger: number | null = parseInteger('1');
const areaCopy: number[] = areaClone([1]);
const liteDecoded: string = new LiteDecoder('koi8-r').decode(new Uint8Array([0xc1]));

const year: number | undefined = html.parseDate('2016-02-29')?.year;
const moment = html.parseDateOrTime('12:00');
const hour: number | null = moment?.kind === 'time' ? moment.hour : null;
const offset: html.TimeZoneOffsetValue | undefined = html.parseGlobalDateTime('2000-01-01T00:00Z')?.timeZoneOffset;
const serialized: string | null = html.serializeTime({ hour: 9, minute: 30 });
const state: string | null = html.enumeratedAttributeState(null, { keywords: ['on', 'off'], missing: 'on' });
const tokens: string[] = html.splitOnAsciiWhitespace('a b');
const decoded: string = new TextDecoder('sjis', { fatal: true }).decode(new Uint8Array([0x82, 0xa0]), { stream: true });
const into: { read: number; written: number } = new TextEncoder().encodeInto('a', new Uint8Array(4));
const legacy: Uint8Array = encode('\u3042', 'shift_jis', { mode: 'html' });
const roundTrip: string = decode(legacy, 'shift_jis', { bom: false });
const canonical: string | null = labelToEncoding('latin1') ?? sniffBOM(legacy);
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
// @ts-expect-error parseInteger may return null
const integer: number = html.parseInteger('42');

// @ts-expect-error encode's mode is "fatal" or "html"
encode('a', 'utf-8', { mode: 'xml' });
// @ts-expect-error serialize returns bytes
const notAString: string = serialize(1);
// @ts-expect-error registerSerializable needs the serialize and deserialize hooks
registerSerializable(Point, { name: 'Point' });

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

export { back, errorType, pairs, pathname, value, bytes, canonical, decoded, hour, into, legacy, liteDecoded, areaURL, areaInteger, areaCopy, roundTrip, installed, integer, notAString, offset, serialized, state, text, tokens, wrong, year };
