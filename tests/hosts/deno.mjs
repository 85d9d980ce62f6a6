// Deno: the portable tests through the package's `deno` exports (weft.deno.js, weft-lite.deno.js).
import * as weft from 'webweft';
import * as lite from 'webweft/lite';
import { liteTests, runPortableTests } from './portable.mjs';

if (!import.meta.resolve('webweft').endsWith('/weft.deno.js')) throw new Error('Deno did not resolve the deno entry');
if (!import.meta.resolve('webweft/lite').endsWith('/weft-lite.deno.js')) throw new Error('Deno did not resolve the lite deno entry');
const passed = [await runPortableTests(weft, 'deno'), await runPortableTests(lite, 'deno weft/lite', liteTests)];
if (passed.includes(false)) Deno.exit(1);
