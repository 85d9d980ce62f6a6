// Bun: the portable tests through `import`, and a smoke test of `require`.
import { createRequire } from 'node:module';
import * as weft from 'weft';
import { runPortableTests } from './portable.mjs';

const required = createRequire(import.meta.url)('weft');
if (required.btoa('bun') !== 'YnVu') throw new Error('require("weft") does not work in Bun');
if (!(await runPortableTests(weft, 'bun'))) process.exit(1);
