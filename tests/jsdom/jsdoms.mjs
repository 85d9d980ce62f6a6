// Two jsdoms in one process: the stock one (node_modules/jsdom over whatwg-url 17.3,
// whatwg-mimetype 5, data-urls 8 and html-encoding-sniffer 7) and the same jsdom with all four
// swapped for webweft's drop-ins, laid out on disk as npm lays out `"overrides"` for them:
// target/jsdom-webweft/node_modules/ holds a copy of jsdom (the one package of node_modules that
// depends on them, besides data-urls, which is itself swapped) and, under each package's name, the
// drop-in package the build made beside pkg/ (pkg-NAME/). Every other dependency resolves up to
// the repository's node_modules, as it would in an app. Each copy has its own paths, so Node's
// module cache holds two separate jsdoms, with nothing hooked.
import { cpSync, mkdirSync, realpathSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '..', '..', '..');
const modules = join(root, 'node_modules');
const pkg = realpathSync(join(modules, 'webweft'));
const swapped = join(root, 'target', 'jsdom-webweft', 'node_modules');

/** The packages swapped: pkg-NAME/ is the drop-in for NAME. */
export const DROP_INS = ['whatwg-url', 'whatwg-mimetype', 'data-urls', 'html-encoding-sniffer'];

rmSync(swapped, { recursive: true, force: true });
mkdirSync(swapped, { recursive: true });
cpSync(join(modules, 'jsdom'), join(swapped, 'jsdom'), { recursive: true });
for (const name of DROP_INS) cpSync(`${pkg}-${name}`, join(swapped, name), { recursive: true });

const stockRequire = createRequire(join(modules, 'jsdom', 'package.json'));
const swappedRequire = createRequire(join(swapped, 'jsdom', 'package.json'));

/** The stock jsdom module, and its whatwg-url. */
export const stock = {
  jsdom: stockRequire('jsdom'),
  whatwgURL: stockRequire('whatwg-url'),
  data: Object.fromEntries(DROP_INS.map((name) => [name, stockRequire(name)])),
  dir: dirname(stockRequire.resolve('jsdom/package.json')),
};
/** The jsdom over the drop-ins, and the packages it loads as the four. */
export const dropIn = {
  jsdom: swappedRequire('jsdom'),
  whatwgURL: swappedRequire('whatwg-url'),
  data: Object.fromEntries(DROP_INS.map((name) => [name, swappedRequire(name)])),
  dir: join(swapped, 'jsdom'),
};
/** webweft's own whatwg-url area, which the drop-in package re-exports. */
export const webweftWhatwgURL = createRequire(join(root, 'package.json'))('webweft/whatwg-url');
