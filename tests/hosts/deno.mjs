// Deno, with no permission flags: the portable tests through the package's `deno` exports (the
// inline-wasm ES modules index.js, lite.js), and every area subpath.
import * as weft from 'webweft';
import * as lite from 'webweft/lite';
import { liteTests, runPortableTests } from './portable.mjs';
import { runSubpathTests } from './subpaths.mjs';

if (!import.meta.resolve('webweft').endsWith('/index.js')) throw new Error('Deno did not resolve the deno entry');
if (!import.meta.resolve('webweft/lite').endsWith('/lite.js')) throw new Error('Deno did not resolve the lite deno entry');
const passed = [
  await runPortableTests(weft, 'deno'),
  await runPortableTests(lite, 'deno weft/lite', liteTests),
  await runSubpathTests((subpath) => import(subpath), 'deno'),
];
if (passed.includes(false)) Deno.exit(1);
