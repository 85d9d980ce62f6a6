// Load tests: many calls, half of them failing, leave the wasm heap the size it was; and a soak
// of a million short-lived decoders and URLs keeps the process's memory and the time per chunk
// flat (no per-object state in wasm memory that only a FinalizationRegistry would free: its
// callbacks never run inside a synchronous loop).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { wasmExports } from './wasm-instances.mjs';
import * as weft from 'webweft';

/**
 * The soak, in a child process with a fixed young generation (`--max-semi-space-size`): V8 sizes
 * it to the allocation rate otherwise (Node 24 grew it to 55 MiB here, with the heap in use flat),
 * which RSS would count as growth. Returns the RSS growth (MiB) and the CPU time of each chunk.
 */
function soak() {
  const { TextDecoder, URL } = weft;
  const shiftJis = Uint8Array.of(0x82, 0xa0, 0x41); // "あA", decoded in wasm
  const partialUtf8 = Uint8Array.of(0x61, 0xe3, 0x81); // streaming, ends mid-character: wasm
  const malformed = Uint8Array.of(0x61, 0xff, 0x62);
  const CHUNKS = 10;
  const PER_CHUNK = 100_000;
  const chunk = (n) => {
    const started = process.cpuUsage();
    for (let i = 0; i < n; i++) {
      new TextDecoder('shift_jis').decode(shiftJis);
      new TextDecoder().decode(partialUtf8, { stream: true });
      if (i % 4 === 0) {
        try {
          new TextDecoder('utf-8', { fatal: true }).decode(malformed, { stream: true });
          throw new Error('a fatal decoder must throw');
        } catch (error) {
          if (!(error instanceof TypeError)) throw error;
        }
      }
      const url = new URL(`https://example.com/a/${i}?q=${i}`);
      url.searchParams.append('n', 'v');
      if (url.search.length === 0) throw new Error('the search was lost');
    }
    const { user, system } = process.cpuUsage(started);
    return user + system;
  };
  chunk(PER_CHUNK / 4); // warm up: the JIT, the allocator's free lists, the caches
  gc();
  const rssBefore = process.memoryUsage.rss();
  const times = [];
  for (let i = 0; i < CHUNKS; i++) {
    times.push(chunk(PER_CHUNK));
    gc(); // outside the timed part; it cannot free wasm objects, only JS garbage
  }
  return { growth: (process.memoryUsage.rss() - rssBefore) / 2 ** 20, times };
}

if (process.env.WEFT_SOAK === '1') {
  process.stdout.write(JSON.stringify(soak()));
} else {
  test('100,000 calls with errors do not grow wasm memory', async () => {
    // (base64 has no wasm: its errors are JavaScript's.) A URL's failures are the URL wasm's.
    assert.throws(() => new weft.URL('https://[::1'), TypeError);
    const exports = wasmExports('urlParse');
    const long = `https://example.com/${'x'.repeat(3000)}?q`;
    const round = () => {
      for (let i = 0; i < 10_000; i++) {
        assert.equal(new weft.URL(long).pathname.length, 3001);
        assert.throws(() => new weft.URL('https://[::1'), TypeError);
        assert.equal(weft.URL.canParse('https://a b/'), false);
      }
    };
    round(); // reach the steady state (the allocator's free lists)
    const before = exports.memory.buffer.byteLength;
    for (let i = 0; i < 10; i++) round();
    assert.equal(exports.memory.buffer.byteLength, before);
  });

  test('a million decoders and a million URLs: memory and time per chunk stay flat', () => {
    const env = { ...process.env, WEFT_SOAK: '1' };
    delete env.NODE_TEST_CONTEXT;
    const output = execFileSync(process.execPath, ['--expose-gc', '--max-semi-space-size=8', fileURLToPath(import.meta.url)], {
      env,
      encoding: 'utf8',
    });
    const { growth, times } = JSON.parse(output);
    assert.ok(growth <= 32, `RSS grew ${growth.toFixed(1)} MiB`);
    // A ratio of CPU times in one run (not a wall-clock limit); medians of three against
    // scheduling noise on a shared machine.
    const median = (values) => [...values].sort((a, b) => a - b)[1];
    const first = median(times.slice(0, 3));
    const last = median(times.slice(-3));
    const all = times.map((t) => (t / 1e3).toFixed(0)).join(', ');
    assert.ok(last <= 1.5 * first, `the last chunks took ${(last / first).toFixed(2)}x the first (${all} ms)`);
  });
}
