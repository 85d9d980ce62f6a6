// Deno: the portable tests through the package's `deno` export (weft.deno.js).
import * as weft from 'weft';
import { runPortableTests } from './portable.mjs';

if (!import.meta.resolve('weft').endsWith('/weft.deno.js')) throw new Error('Deno did not resolve the deno entry');
if (!(await runPortableTests(weft, 'deno'))) Deno.exit(1);
