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
