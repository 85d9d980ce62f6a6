// The host-agnostic tests (also run by Deno and Bun), here through Node's ESM entries.
import { test } from 'node:test';
import * as weft from 'webweft';
import * as lite from 'webweft/lite';
import { liteTests, tests } from '../hosts/portable.mjs';

for (const [name, body] of Object.entries(tests)) test(name, () => body(weft));
for (const [name, body] of Object.entries(liteTests)) test(name, () => body(lite));
