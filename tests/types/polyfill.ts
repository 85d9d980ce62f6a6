// The polyfill subpaths have types, and loading one declares the globals it defines.
import 'webweft/polyfill';
import 'webweft/url/polyfill';
import 'webweft/encoding/polyfill';
import 'webweft/structured-clone/polyfill';
import 'webweft/base64/polyfill';

globalThis.webweftPolyfillOptions = { force: true, only: ['URL'] };
const installed: string[] = webweft.installed;
const again: string[] = webweft.install({ force: false });
const ready: Promise<string[]> = webweft.ready;
const skipped: string[] = webweft.skipped.map(({ name, reason }) => `${name}: ${reason}`);
// Only the loaded areas are present.
const parsed = webweft.parseURL?.('https://example.com/');
const year: number | undefined = webweft.html?.parseDate('2016-02-29')?.year;
// @ts-expect-error the options are force and only
globalThis.webweftPolyfillOptions = { forced: true };

export { again, installed, parsed, ready, skipped, year };

// The Uint8Array methods the polyfills install.
const fromText: Uint8Array<ArrayBuffer> = Uint8Array.fromBase64('Zg==', { alphabet: 'base64url', lastChunkHandling: 'strict' });
const text: string = fromText.toBase64({ omitPadding: true }) + Uint8Array.fromHex('00').toHex();
const { read, written }: { read: number; written: number } = new Uint8Array(4).setFromBase64('Zg==');
// @ts-expect-error lastChunkHandling is one of three strings
Uint8Array.fromBase64('', { lastChunkHandling: 'lenient' });
export { read, text, written };
