// weft.domainToUnicode and weft.domainToASCII(domain, {beStrict}) through the package against
// every row of Unicode's IdnaTestV2.txt (as shipped in the `idna` crate this build resolved,
// found through `cargo metadata`), and beStrict's length, hyphen and STD3 rules. The same
// rows run natively in tests/url_idna.rs.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import * as weft from 'webweft';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function idnaTestV2() {
  const metadata = JSON.parse(
    execFileSync('cargo', ['metadata', '--format-version', '1'], {
      cwd: root,
      maxBuffer: 64 << 20,
      encoding: 'utf8',
    }),
  );
  const idna = metadata.packages.find((p) => p.name === 'idna');
  assert.ok(idna, 'the idna crate is a dependency');
  return readFileSync(join(dirname(idna.manifest_path), 'tests', 'IdnaTestV2.txt'), 'utf8');
}

// \uXXXX and \x{XXXX}; null for a lone surrogate (a USVString cannot hold one).
function unescape(field) {
  const text = field.replace(/\\u([0-9A-Fa-f]{4})|\\x\{([0-9A-Fa-f]+)\}/g, (_, u, x) =>
    String.fromCodePoint(parseInt(u ?? x, 16)),
  );
  return text.isWellFormed() ? text : null;
}

const status = (field) =>
  field
    .replace(/^\[|\]$/g, '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function rows() {
  const result = [];
  let surrogates = 0;
  idnaTestV2()
    .split('\n')
    .forEach((line, i) => {
      const data = line.split('#')[0];
      if (!data.trim()) return;
      const fields = data.split(';').map((f) => f.trim());
      // Blank means "same as the column before"; "" means the empty string.
      const value = (field, fallback) => (field === '' ? fallback : field === '""' ? '' : unescape(field));
      const source = value(fields[0], null);
      const toUnicode = value(fields[1], source);
      const toAsciiN = value(fields[3], toUnicode);
      if (source === null || toUnicode === null || toAsciiN === null) {
        surrogates++;
        return;
      }
      const toUnicodeStatus = status(fields[2]);
      const toAsciiNStatus = fields[4] === '' ? toUnicodeStatus : status(fields[4]);
      result.push({ line: i + 1, source, toUnicode, toUnicodeStatus, toAsciiN, toAsciiNStatus });
    });
  return { rows: result, surrogates };
}

// X4_2 (an empty label) belongs to VerifyDnsLength, which ToUnicode does not have.
const hasError = (codes) => codes.some((code) => code !== 'X4_2');

// The file is Unicode 16.0's; the mapping data is newer: CJK Extension J (Unicode 17.0) is
// valid there, while the file calls it unassigned (V7). Those rows compare the string only.
const assignedAfterTestData = (row) =>
  row.toUnicodeStatus.includes('V7') &&
  [...row.toUnicode].some((c) => c.codePointAt(0) >= 0x323b0 && c.codePointAt(0) <= 0x3347f);

function run(t, name, statusCompared, check) {
  const { rows: all, surrogates } = rows();
  assert.ok(all.length > 6000, `IdnaTestV2.txt has ${all.length} rows`);
  const failures = [];
  for (const row of all) {
    const error = check(row);
    if (error) failures.push(`line ${row.line}: ${JSON.stringify(row.source)}: ${error}`);
  }
  const newer = statusCompared
    ? `${all.filter(assignedAfterTestData).length} with a Unicode 17 ideograph compare the string only; `
    : '';
  t.diagnostic(
    `${name}: ${all.length - failures.length}/${all.length} IdnaTestV2 rows passed ` +
      `(${newer}${surrogates} with a lone surrogate left out)`,
  );
  assert.deepEqual(failures.slice(0, 30), []);
}

test('domainToUnicode is UTS #46 ToUnicode on every IdnaTestV2 row', (t) => {
  for (const beStrict of [false, true]) {
    run(t, `domainToUnicode beStrict ${beStrict} (the string; JS has no error status)`, false, (row) => {
      const got = weft.domainToUnicode(row.source, { beStrict });
      return got === row.toUnicode ? null : `got ${JSON.stringify(got)}, want ${JSON.stringify(row.toUnicode)}`;
    });
  }
});

test('domainToASCII with beStrict is ToASCII (all flags) on every IdnaTestV2 row', (t) => {
  run(t, 'domainToASCII beStrict true', true, (row) => {
    const got = weft.domainToASCII(row.source, { beStrict: true });
    const want = hasError(row.toAsciiNStatus) ? null : row.toAsciiN;
    return got === want || assignedAfterTestData(row) ? null : `got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`;
  });
});

test("domainToUnicode: the issue's examples", () => {
  assert.equal(weft.domainToUnicode('xn--sth'), '\u24AA');
  assert.equal(weft.domainToUnicode('xn--a-'), 'a');
  assert.equal(weft.domainToUnicode('xn--'), '');
  assert.equal(weft.domainToUnicode('xn--u-ccb'), 'u\u0308');
  assert.equal(weft.domainToUnicode('A\uFFFFb.XN--BCHER-KVA'), 'a\uFFFFb.bücher');
});

test('domainToASCII beStrict: lengths, the root label, hyphens, STD3', () => {
  const strict = (domain) => weft.domainToASCII(domain, { beStrict: true });
  const a = (n) => 'a'.repeat(n);
  const domain253 = `${a(63)}.${a(63)}.${a(63)}.${a(61)}`;
  const domain254 = `${a(63)}.${a(63)}.${a(63)}.${a(62)}`;
  assert.equal(strict(a(63)), a(63));
  assert.equal(strict(a(64)), null);
  assert.equal(weft.domainToASCII(a(64)), a(64));
  assert.equal(strict(domain253), domain253);
  assert.equal(strict(domain254), null);
  assert.equal(weft.domainToASCII(domain254), domain254);
  // VerifyDnsLength: an empty label is an error, the root one too (IdnaTestV2: "a.b.c.d." is A4_2).
  assert.equal(strict('example.com.'), null);
  assert.equal(weft.domainToASCII('example.com.'), 'example.com.');
  assert.equal(strict('a..b'), null);
  assert.equal(strict(''), null);
  assert.equal(strict(`${a(55)}ü`).length, 63);
  assert.equal(strict(`${a(56)}ü`), null);
  for (const input of ['-a.com', 'a-.com', 'ab--c.com', 'a.b-']) {
    assert.equal(strict(input), null, input);
    assert.notEqual(weft.domainToASCII(input), null, input);
  }
  assert.equal(strict('a--b.com'), 'a--b.com');
  for (const input of ['a_b.com', 'a b.com', 'a*b', 'a=b', 'a,b', 'a!b']) assert.equal(strict(input), null, input);
  assert.equal(weft.domainToASCII('a_b.com'), 'a_b.com');
  assert.equal(strict('Bücher.EXAMPLE'), 'xn--bcher-kva.example');
  assert.equal(weft.domainToUnicode('xn--a.com', { beStrict: true }), '\x80.com');
});

test('domainToASCII/domainToUnicode options: WebIDL dictionary conversion, argument order', () => {
  assert.equal(weft.domainToASCII('a_b', undefined), 'a_b');
  assert.equal(weft.domainToASCII('a_b', null), 'a_b');
  assert.equal(weft.domainToASCII('a_b', {}), 'a_b');
  assert.equal(weft.domainToASCII('a_b', { beStrict: 1 }), null);
  assert.equal(
    weft.domainToASCII('a_b', {
      get beStrict() {
        return 'yes';
      },
    }),
    null,
  );
  assert.throws(() => weft.domainToASCII('a', 1), TypeError);
  assert.throws(() => weft.domainToUnicode('a', 'strict'), TypeError);
  assert.throws(() => weft.domainToASCII(), TypeError);
  // The domain is converted before the options are read.
  const order = [];
  weft.domainToASCII(
    {
      toString() {
        order.push('domain');
        return 'a';
      },
    },
    {
      get beStrict() {
        order.push('options');
        return false;
      },
    },
  );
  assert.deepEqual(order, ['domain', 'options']);
  assert.equal(weft.domainToASCII.length, 1);
  assert.equal(weft.domainToUnicode.length, 1);
});
