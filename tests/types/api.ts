// Compiled (never run) by tests/types/run.mjs under every TypeScript version and module setting:
// each subpath resolves, and its types describe the API (the @ts-expect-error lines must fail).
import * as whole from 'webweft';
import { URL as WeftURL, URLSearchParams as WeftParams, parseURL, publicSuffix, hostType } from 'webweft/url';
import type { URLValidationError } from 'webweft/url';
import { URLPattern } from 'webweft/urlpattern';
import type { URLPatternResult } from 'webweft/urlpattern';
import { TextDecoder, TextEncoder, TextDecoderStream, encode, decode, labelToEncoding, sniffBOM } from 'webweft/encoding';
import { TextDecoder as LiteDecoder } from 'webweft/encoding-lite';
import { structuredClone, serialize, deserialize, registerSerializable } from 'webweft/structured-clone';
import { atob, btoa, base64Encode, base64Decode, DOMException as WeftDOMException } from 'webweft/base64';
import { parseDate, parseInteger } from 'webweft/html';
import type { DateValue } from 'webweft/html';
import { TextDecoder as LiteWholeDecoder, installPolyfill } from 'webweft/lite';
import { URL as DropInURL, basicURLParse, parseURL as parseRecord, serializeHost, serializeURL } from 'webweft/whatwg-url';
import type { URLRecord } from 'webweft/whatwg-url';
import { URL as URLInterface } from 'webweft/whatwg-url/webidl2js-wrapper';
import { MIMEType, computedMIMEType, isFontMIMEType, parseMIMEType, serializeMIMEType } from 'webweft/mimesniff';
import { MIMEType as DropInMIMEType, computedMIMEType as dropInComputed } from 'webweft/whatwg-mimetype';
import { parseDataURL } from 'webweft/data-urls';
import type { DataURL } from 'webweft/data-urls';
import { htmlEncodingSniffer } from 'webweft/html-encoding-sniffer';

// urlpattern
const pattern = new URLPattern('/books/:id', 'https://example.com', { ignoreCase: true });
const matched: URLPatternResult | null = pattern.exec({ pathname: '/books/1' });
const id: string | undefined = matched?.pathname.groups.id;
const tested: boolean = new URLPattern({ hostname: '*.test' }).test('https://a.test/') && pattern.hasRegExpGroups;
const sameAsWhole: typeof URLPattern = whole.URLPattern;
// @ts-expect-error the options are a dictionary
new URLPattern('/a', 'https://example.com', true);

// base64
const text: string = btoa('weft') + atob('d2VmdA==');
const again: string = base64Encode(base64Decode(text));
const fromBuffer: string = base64Encode(new ArrayBuffer(2)) + base64Encode(new DataView(new ArrayBuffer(1)));
const bytes: Uint8Array<ArrayBuffer> = base64Decode('AAEC');
// @ts-expect-error btoa takes a string
btoa(42);
// @ts-expect-error base64Decode returns bytes
const notText: string = base64Decode('AA==');

// encoding
const decoded: string = new TextDecoder('sjis', { fatal: true }).decode(new Uint8Array([0x82, 0xa0]), { stream: true });
const lite: string = new LiteDecoder('koi8-r').decode(bytes) + new LiteWholeDecoder().decode(bytes.buffer);
const into: { read: number; written: number } = new TextEncoder().encodeInto('a', new Uint8Array(4));
const encoded: Uint8Array<ArrayBuffer> = new TextEncoder().encode('a');
const legacy: Uint8Array = encode('\u3042', 'shift_jis', { mode: 'html' });
const roundTrip: string = decode(legacy, 'shift_jis', { bom: false });
const canonical: string | null = labelToEncoding('latin1') ?? sniffBOM(legacy);
const stream = new TextDecoderStream('gb18030');
const streamEncoding: string = stream.encoding;
// @ts-expect-error encode's mode is "fatal" or "html"
encode('a', 'utf-8', { mode: 'xml' });

// structured clone
const copy: { when: Date } = structuredClone({ when: new Date() }, { transfer: [new ArrayBuffer(1)] });
const wire: Uint8Array<ArrayBuffer> = serialize(copy, { forStorage: true });
const back: unknown = deserialize(wire);
// @ts-expect-error deserialize returns unknown
const notANumber: number = deserialize(wire.buffer);
class Point {
  constructor(public x: number, public y: number) {}
}
registerSerializable(Point, { name: 'Point', serialize: (p) => [p.x, p.y], deserialize: ([x, y]: number[]) => new Point(x, y) });
// @ts-expect-error registerSerializable needs both hooks
registerSerializable(Point, { name: 'Point' });

// DOMException: the host's, or webweft's where the host has none
const code: number = new WeftDOMException('m', 'DataCloneError').code;
// @ts-expect-error code is read-only
new WeftDOMException().code = 1;

// url
const url: WeftURL | null = WeftURL.parse('https://example.com/?a=1');
const params: WeftParams | undefined = url?.searchParams;
params?.append('b', '2');
const pairs: [string, string][] = [...new WeftParams({ a: '1' })];
const firstError: URLValidationError | undefined = parseURL(' https://example.com').errors[0];
const kind: string | null = url ? hostType(url) : null;
const suffix: string | null = publicSuffix('example.co.uk');
// @ts-expect-error origin is readonly
if (url) url.origin = 'x';
// @ts-expect-error get may return null
const value: string = new WeftParams().get('a');

// html
const year: number | undefined = parseDate('2016-02-29')?.year;
const date: DateValue | null = whole.html.parseDate('2016-02-29');
// @ts-expect-error parseInteger may return null
const integer: number = parseInteger('42');

// whatwg-url drop-in: records, state overrides, the interface wrappers
const record: URLRecord | null = parseRecord('https://a.test/', { encoding: 'latin1' });
const overridden: URLRecord | null = record && basicURLParse('b.test', { url: record, stateOverride: 'host' });
const serialized: string = serializeURL(overridden!, true) + serializeHost([0, 0, 0, 0, 0, 0, 0, 1]) + new DropInURL('https://a.test/').href;
// @ts-expect-error stateOverride is a state's name
basicURLParse('x', { stateOverride: 'nowhere' });
const isURL: boolean = URLInterface.is(new DropInURL('https://a.test/'));

// MIME Sniffing, and the whatwg-mimetype, data-urls and html-encoding-sniffer drop-ins
const mime: MIMEType | null = parseMIMEType('text/html;charset=utf-8');
const essence: string = new MIMEType('text/plain').essence + serializeMIMEType(mime!) + String(isFontMIMEType(mime!));
const sniffed: string = computedMIMEType(new Uint8Array(0), { contentTypeHeader: 'image/png', isSupported: (m) => m.type === 'image' }).essence;
const charset: string | undefined = new DropInMIMEType('a/b').parameters.get('charset') ?? dropInComputed(new Uint8Array(0)).subtype;
// @ts-expect-error the resource is bytes
computedMIMEType('text');
const dataURL: DataURL | null = parseDataURL('data:,a') ?? parseDataURL.fromURLRecord(parseRecord('data:,b')!);
const body: Uint8Array | undefined = dataURL?.body;
const sniffedEncoding: string = htmlEncodingSniffer(new Uint8Array(0), { xml: true, defaultEncoding: 'UTF-8' });
// @ts-expect-error maxPrescanBytes is a number
htmlEncodingSniffer(new Uint8Array(0), { maxPrescanBytes: '1024' });

// the whole package: every area, the installer, no init
const installed: string[] = installPolyfill({ force: true, only: ['URL'] }).concat(whole.installPolyfill());
const skippedNames: string[] = installPolyfill().skipped.map(({ name, reason }) => `${name}: ${reason}`);
const wholeURL: typeof WeftURL = whole.URL;
// @ts-expect-error there is no init: every entry is ready on import
whole.init();
// @ts-expect-error nor initSync
whole.initSync(new Uint8Array(0));

export {
  again, back, bytes, canonical, code, date, skippedNames, decoded, encoded, firstError, fromBuffer, installed, integer, into, kind, lite,
  notANumber, notText, pairs, roundTrip, streamEncoding, suffix, text, value, wholeURL, year, serialized, isURL,
  essence, sniffed, charset, body, sniffedEncoding,
};
