// The playground's encoding panel, driven like a person would.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { screenshotDir, usePlayground } from './helpers.mjs';

const openPanel = usePlayground();

test('encoding panel decodes hex bytes, marks U+FFFD, and encodes back', async () => {
  const page = await openPanel('encoding');
  // The example: Shift_JIS "あ日本語" and a malformed 0xFF.
  assert.equal(await page.textContent('#enc-decoded'), '\u3042\u65e5\u672c\u8a9e\uFFFD');
  assert.equal(await page.locator('#enc-decoded mark').count(), 1);
  assert.equal(await page.textContent('#enc-encoded'), '82 a0 93 fa 96 7b 8c ea');

  await page.check('#enc-fatal');
  assert.match(await page.textContent('#enc-decode-error'), /^TypeError: /);
  await page.uncheck('#enc-fatal');

  await page.fill('#enc-bytes', 'ef bb bf 61 e2 82 ac');
  assert.equal(await page.textContent('#enc-decoded'), 'a\u20ac'); // the BOM wins over shift_jis
  await page.selectOption('#enc-label', 'windows-1252');
  await page.fill('#enc-bytes', '80 61');
  assert.equal(await page.textContent('#enc-decoded'), '\u20aca');
  await page.fill('#enc-text', '\u20aca');
  assert.equal(await page.textContent('#enc-encoded'), '80 61');

  await page.fill('#enc-text', 'a\u3042');
  assert.match(await page.textContent('#enc-encode-error'), /^TypeError: /);
  await page.selectOption('#enc-mode', 'html');
  assert.equal(await page.textContent('#enc-encoded'), '61 26 23 31 32 33 35 34 3b');
  await page.selectOption('#enc-label', 'shift_jis');
  await page.fill('#enc-bytes', '82 a0 ff 41');
  assert.equal(await page.textContent('#enc-decoded'), '\u3042\uFFFDA');
});

test('encoding panel: ticking "fatal" leaves "Text to encode" as typed', async () => {
  const page = await openPanel('encoding');
  await page.fill('#enc-text', 'typed by hand');
  await page.check('#enc-fatal');
  assert.equal(await page.inputValue('#enc-text'), 'typed by hand');
  await page.uncheck('#enc-fatal');
  await page.fill('#enc-bytes', '61 62');
  assert.equal(await page.inputValue('#enc-text'), 'typed by hand');
});

test('encoding panel: the "fatal" checkbox sits beside its label at its own size', async () => {
  for (const width of [1280, 390]) {
    const page = await openPanel('encoding', { width });
    const { box, label } = await page.$eval('#enc-fatal', (checkbox) => ({
      box: checkbox.getBoundingClientRect().toJSON(),
      label: checkbox.closest('label').getBoundingClientRect().toJSON(),
    }));
    assert.ok(box.width < 30, `checkbox is ${box.width}px wide at ${width}px`);
    assert.ok(box.left - label.left < 2, 'the checkbox starts the line');
    assert.ok(label.height < 40, `the label takes one line, not two (${label.height}px)`);
  }
});

test('encoding panel: a fatal TypeError says at which byte decoding failed', async () => {
  const page = await openPanel('encoding');
  const offset = async (bytes, label) => {
    await page.selectOption('#enc-label', label);
    await page.fill('#enc-bytes', bytes);
    assert.match(await page.textContent('#enc-decode-error'), /^TypeError: /);
    return [Number(await page.getAttribute('#enc-error-offset', 'data-offset')), await page.textContent('#enc-error-offset')];
  };
  await page.check('#enc-fatal');
  // The example: Shift_JIS, the 0xFF at byte 8 cannot start a character.
  await page.fill('#enc-bytes', '82 a0 93 fa 96 7b 8c ea ff');
  assert.equal(await page.getAttribute('#enc-error-offset', 'data-offset'), '8');
  assert.match(await page.textContent('#enc-decode-error'), /at byte 8: ff cannot start a character in Shift_JIS/);
  // UTF-8: e2 82 is cut short by the "A" at byte 4; the malformed sequence starts at byte 2.
  const [cut, cutText] = await offset('61 62 e2 82 41', 'utf-8');
  assert.equal(cut, 2);
  assert.match(cutText, /at byte 2: the sequence e2 82 is malformed in UTF-8 \(noticed at byte 4, 41\)/);
  // The input ends inside a sequence.
  const [end, endText] = await offset('61 f0 9f 98', 'utf-8');
  assert.equal(end, 1);
  assert.match(endText, /at byte 1: the input ends inside a sequence \(f0 9f 98\)/);
  // A UTF-8 BOM overrides the label, and the offset counts the BOM's bytes.
  assert.equal((await offset('ef bb bf 61 ff', 'shift_jis'))[0], 4);
  // UTF-16LE: an unpaired high surrogate (00 d8) followed by "a".
  assert.equal((await offset('61 00 00 d8 61 00', 'utf-16le'))[0], 2);
  // EUC-KR: a valid pair, then a lead byte with an invalid trail.
  assert.equal((await offset('b0 a1 b0 ff', 'euc-kr'))[0], 2);
  // The replacement encoding fails at the first byte.
  const [replaced, replacedText] = await offset('61 62', 'replacement');
  assert.equal(replaced, 0);
  assert.match(replacedText, /at byte 0: the replacement encoding turns any input into one U\+FFFD/);
  await page.screenshot({ path: join(screenshotDir, 'encoding-fatal-offset-1280.png'), fullPage: true });
});

test('encoding panel: CJK and emoji render with the fallback fonts', async () => {
  const page = await openPanel('encoding');
  await page.fill('#enc-bytes', 'e3 81 82 e6 97 a5 f0 9f 91 8b');
  await page.selectOption('#enc-label', 'utf-8');
  assert.equal(await page.textContent('#enc-decoded'), 'あ日👋');
  // Chromium reports the fonts it actually drew each node's text with.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '#enc-decoded' });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  const families = fonts.map((font) => font.familyName);
  assert.ok(
    families.some((family) => /IPA.*Gothic/i.test(family)),
    `CJK font missing: ${families}`,
  );
  assert.ok(families.includes('Noto Color Emoji'), `emoji font missing: ${families}`);
});

test("in Chromium, single-byte decodes over 256 bytes take Chromium's TextDecoder and agree with weft's wasm decoder", async () => {
  const page = await openPanel('encoding');
  const result = await page.evaluate(async () => {
    const Host = TextDecoder;
    const decodes = {};
    // weft captures the host's TextDecoder at load: a fresh instance, loaded with a spy in place.
    globalThis.TextDecoder = class extends Host {
      decode(input, options) {
        if (input?.length > 256) decodes[this.encoding] = (decodes[this.encoding] ?? 0) + 1;
        return super.decode(input, options);
      }
    };
    const weft = await import('/pkg/encoding.js?single-byte');
    globalThis.TextDecoder = Host;
    const labels = [
      'ibm866',
      'iso-8859-2',
      'iso-8859-3',
      'iso-8859-4',
      'iso-8859-5',
      'iso-8859-6',
      'iso-8859-7',
      'iso-8859-8',
      'iso-8859-8-i',
      'iso-8859-10',
      'iso-8859-13',
      'iso-8859-14',
      'iso-8859-15',
      'iso-8859-16',
      'koi8-r',
      'koi8-u',
      'macintosh',
      'windows-874',
      'windows-1250',
      'windows-1251',
      'windows-1252',
      'windows-1253',
      'windows-1254',
      'windows-1255',
      'windows-1256',
      'windows-1257',
      'windows-1258',
      'x-mac-cyrillic',
    ];
    const outcome = (fn) => {
      try {
        return fn();
      } catch (error) {
        return `error ${error.name}`;
      }
    };
    const every = Uint8Array.from({ length: 512 }, (_, i) => i & 0xff);
    const disagreements = [];
    for (const label of labels) {
      for (const fatal of [false, true]) {
        // 512 bytes go to the host; each 256-byte half stays in weft's wasm decoder.
        const whole = outcome(() => new weft.TextDecoder(label, { fatal }).decode(every));
        const halves = outcome(() => {
          const decoder = new weft.TextDecoder(label, { fatal });
          return decoder.decode(every.subarray(0, 256)) + decoder.decode(every.subarray(256));
        });
        if (whole !== halves) disagreements.push(`${label} fatal=${fatal}`);
      }
    }
    // A shared buffer, which Chromium's decoder refuses: weft's decoder takes it.
    const shared = new Uint8Array(new WebAssembly.Memory({ initial: 1, maximum: 1, shared: true }).buffer, 0, 512);
    shared.set(every);
    const sharedAgrees = new weft.TextDecoder('koi8-r').decode(shared) === new weft.TextDecoder('koi8-r').decode(every);
    return { disagreements, delegated: labels.filter((label) => decodes[label] > 0), sharedAgrees };
  });
  assert.deepEqual(result.disagreements, []);
  assert.equal(result.delegated.length, 28, `delegated: ${result.delegated.join(' ')}`);
  assert.ok(result.sharedAgrees);
});
