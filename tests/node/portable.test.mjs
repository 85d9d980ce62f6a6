// The host-agnostic tests (also run by Deno and Bun), here through Node's ESM entry.
import { test } from 'node:test';
import * as weft from 'weft';
import { tests } from '../hosts/portable.mjs';

for (const [name, body] of Object.entries(tests)) test(name, () => body(weft));
