// tests/html_encoding_sniffing.rs's JavaScript side: reads the cases as JSON on standard input
// ([bytes, transport-layer label or null, maxPrescanBytes]), runs each through
// html-encoding-sniffer 7 (jsdom's), and writes the encoding names as JSON.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const sniff = createRequire(import.meta.url)('html-encoding-sniffer');
const cases = JSON.parse(readFileSync(0, 'utf8'));
const results = cases.map(([bytes, transportLayerEncodingLabel, maxPrescanBytes]) =>
  sniff(Uint8Array.from(bytes), { transportLayerEncodingLabel: transportLayerEncodingLabel ?? undefined, maxPrescanBytes }),
);
process.stdout.write(JSON.stringify(results));
