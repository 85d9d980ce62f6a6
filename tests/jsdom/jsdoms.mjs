// Two jsdoms in one process: the stock one (node_modules/jsdom over whatwg-url 17.3) and the same
// jsdom with whatwg-url swapped for webweft's drop-in, laid out on disk as npm lays out
// `"overrides": { "whatwg-url": ... }`: target/jsdom-webweft/node_modules/ holds copies of the
// packages that depend on whatwg-url (jsdom and data-urls) and, as whatwg-url, the drop-in
// package the build made beside pkg/ (pkg-whatwg-url/). Every other dependency resolves up to the
// repository's node_modules, as it would in an app. Each copy has its own paths, so Node's module
// cache holds two separate jsdoms, with nothing hooked.
import { cpSync, mkdirSync, realpathSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '..', '..', '..');
const modules = join(root, 'node_modules');
const pkg = realpathSync(join(modules, 'webweft'));
const dropInPackage = `${pkg}-whatwg-url`;
const swapped = join(root, 'target', 'jsdom-webweft', 'node_modules');

/** The packages of node_modules that depend on whatwg-url, copied beside the drop-in. */
const DEPENDENTS = ['jsdom', 'data-urls'];

rmSync(swapped, { recursive: true, force: true });
mkdirSync(swapped, { recursive: true });
for (const name of DEPENDENTS) cpSync(join(modules, name), join(swapped, name), { recursive: true });
cpSync(dropInPackage, join(swapped, 'whatwg-url'), { recursive: true });

const stockRequire = createRequire(join(modules, 'jsdom', 'package.json'));
const swappedRequire = createRequire(join(swapped, 'jsdom', 'package.json'));

/** The stock jsdom module, and its whatwg-url. */
export const stock = {
  jsdom: stockRequire('jsdom'),
  whatwgURL: stockRequire('whatwg-url'),
  dir: dirname(stockRequire.resolve('jsdom/package.json')),
};
/** The jsdom over the drop-in, and the whatwg-url it and data-urls load. */
export const dropIn = {
  jsdom: swappedRequire('jsdom'),
  whatwgURL: swappedRequire('whatwg-url'),
  dataURLsWhatwgURL: createRequire(join(swapped, 'data-urls', 'package.json'))('whatwg-url'),
  dir: join(swapped, 'jsdom'),
};
/** webweft's own whatwg-url area, which the drop-in package re-exports. */
export const webweftWhatwgURL = createRequire(join(root, 'package.json'))('webweft/whatwg-url');
