// One cold measurement for benches/node/cold.mjs: `node cold-child.mjs weft|native url|decoder|clone`
// prints {load, first, firstCpu} in milliseconds (load: weft's import; first: the first call after
// it, wall time; firstCpu: the same call's CPU time, all threads, which on a shared machine leaves
// out the time spent descheduled).
const [impl, op] = process.argv.slice(2);
const calls = {
  url: (api) => new api.URL('https://example.com/a/b?c=d#e').href,
  decoder: (api) => new api.TextDecoder('utf-8').decode(new Uint8Array([0x68, 0xc3, 0xa9, 0x21])),
  clone: (api) => api.structuredClone({ a: [1, 'two', { three: 3 }], b: new Map([[1, 2]]), c: new Uint8Array(8) }),
};
let start = performance.now();
const api = impl === 'weft' ? await import('webweft') : globalThis;
const load = performance.now() - start;
const cpu = process.cpuUsage();
start = performance.now();
calls[op](api);
const first = performance.now() - start;
const { user, system } = process.cpuUsage(cpu);
console.log(JSON.stringify({ load, first, firstCpu: (user + system) / 1000 }));
