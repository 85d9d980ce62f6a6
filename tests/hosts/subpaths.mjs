// Every area subpath, loaded by the host's own resolution (`load(specifier)`): each works, and
// shares its classes with the whole package. Used by deno.mjs and bun.mjs (Node has
// tests/node/package.test.mjs). Returns whether all passed.
const SUBPATHS = {
  'webweft/url': (m) =>
    new m.URL('HTTP://A.test/b/../c').href === 'http://a.test/c' && m.registrableDomain('www.example.co.uk') === 'example.co.uk',
  'webweft/encoding': (m) => new m.TextDecoder('sjis').decode(new Uint8Array([0x82, 0xa0])) === '\u3042',
  'webweft/encoding-lite': (m) => new m.TextDecoder('koi8-r').decode(new Uint8Array([0xc1])) === '\u0430',
  'webweft/structured-clone': (m) =>
    m.structuredClone(new Map([[1, 2n]])).get(1) === 2n && m.deserialize(m.serialize([1]))[0] === 1,
  'webweft/base64': (m) => m.atob(' Y Q = = ') === 'a' && m.btoa.name === 'btoa',
  'webweft/html': (m) => m.parseInteger(' -7px') === -7,
};

export async function runSubpathTests(load, hostName) {
  const whole = await load('webweft');
  let passed = 0;
  let failed = 0;
  for (const [subpath, works] of Object.entries(SUBPATHS)) {
    try {
      const area = await load(subpath);
      if (!works(area)) throw new Error('wrong result');
      for (const [name, value] of Object.entries(area)) {
        const shared = subpath === 'webweft/html' ? whole.html[name] : whole[name];
        if (subpath !== 'webweft/encoding-lite' && value !== shared) throw new Error(`${name} is not the whole package's`);
      }
      passed++;
    } catch (error) {
      failed++;
      console.log(`FAIL ${hostName} ${subpath}: ${error?.stack ?? error}`);
    }
  }
  console.log(`${hostName} subpaths: ${passed}/${passed + failed} passed`);
  return failed === 0;
}
