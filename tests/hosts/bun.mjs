// Bun: the portable tests through `import` (weft and weft/lite), a smoke test of `require`, and
// every area subpath through both.
import { createRequire } from 'node:module';
import * as weft from 'webweft';
import * as lite from 'webweft/lite';
import { liteTests, runPortableTests } from './portable.mjs';
import { runSubpathTests } from './subpaths.mjs';

const require = createRequire(import.meta.url);
if (require('webweft').btoa('bun') !== 'YnVu') throw new Error('require("webweft") does not work in Bun');
if (require('webweft/lite').labelToEncoding('latin1') !== 'windows-1252')
  throw new Error('require("webweft/lite") does not work in Bun');
const passed = [
  await runPortableTests(weft, 'bun'),
  await runPortableTests(lite, 'bun weft/lite', liteTests),
  await runSubpathTests((subpath) => import(subpath), 'bun import'),
  await runSubpathTests(async (subpath) => require(subpath), 'bun require'),
];
if (passed.includes(false)) process.exit(1);
