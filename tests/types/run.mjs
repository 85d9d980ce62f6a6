#!/usr/bin/env node
// Type-checks tests/types/*.ts against the built package (node_modules/webweft -> pkg/) with
// TypeScript 5.9 and 7 (npm aliases typescript-5.9 and typescript-7), `--strict`, in every
// module setting a project may use: nodenext, node16 and bundler with `lib: ["es2022"]` and only
// @types/node (no DOM), node10 (TypeScript 7 removed it: 5.9 only), and a DOM-lib project.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..', '..');
const compilers = {
  5.9: join(root, 'node_modules', 'typescript-5.9', 'bin', 'tsc'),
  7: join(root, 'node_modules', 'typescript-7', 'bin', 'tsc'),
};
const noDom = { lib: ['es2022'], types: ['node'] };
const settings = {
  nodenext: { module: 'nodenext', moduleResolution: 'nodenext', ...noDom },
  node16: { module: 'node16', moduleResolution: 'node16', ...noDom },
  bundler: { module: 'esnext', moduleResolution: 'bundler', ...noDom },
  node10: { module: 'commonjs', moduleResolution: 'node10', ...noDom, versions: ['5.9'] },
  dom: { module: 'esnext', moduleResolution: 'bundler', lib: ['es2022', 'dom', 'dom.iterable'], types: [] },
};

function check(version, name, { versions, ...options }) {
  const dir = join(root, 'target', 'types-test', `ts${version}-${name}`);
  mkdirSync(dir, { recursive: true });
  const config = {
    compilerOptions: { ...options, target: 'es2022', strict: true, noEmit: true, skipLibCheck: false },
    files: [join(here, 'api.ts'), join(here, 'polyfill.ts')],
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(config, null, 2));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [compilers[version], '-p', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ label: `TypeScript ${version}, ${name}`, ok: code === 0, output }));
  });
}

const jobs = [];
for (const [name, options] of Object.entries(settings)) {
  for (const version of options.versions ?? Object.keys(compilers)) jobs.push(() => check(version, name, options));
}
// Two at a time: the machine has two cores.
const results = [];
const workers = [0, 1].map(async () => {
  while (jobs.length) results.push(await jobs.shift()());
});
await Promise.all(workers);
for (const { label, ok, output } of results) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}`);
  if (!ok) console.log(output.trimEnd().replace(/^/gm, '     '));
}
const passed = results.filter((result) => result.ok).length;
console.log(`types: ${passed} / ${results.length} compiler runs clean`);
process.exitCode = passed === results.length ? 0 : 1;
