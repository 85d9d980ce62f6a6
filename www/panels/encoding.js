// Encoding panel: hex bytes → text in any encoding (U+FFFD marked; with "fatal", where decoding
// failed), and text encoded back with the encoder's error mode "fatal" or "html". Both compared
// with the browser's TextDecoder and TextEncoder.
import { hex, parseHex } from '../bytes.js';
import { errorName, renderComparison } from '../compare.js';

const LABELS = [
  'utf-8',
  'utf-16le',
  'utf-16be',
  'windows-1252',
  'iso-8859-2',
  'koi8-r',
  'windows-1251',
  'shift_jis',
  'euc-jp',
  'iso-2022-jp',
  'gb18030',
  'gbk',
  'big5',
  'euc-kr',
  'x-user-defined',
  'replacement',
];
const DEFAULTS = { bytes: '82 a0 93 fa 96 7b 8c ea ff', label: 'shift_jis', text: 'あ日本語', mode: 'fatal' };

const template = `
  <style>
    #panel-encoding mark { background: #ffd9d6; color: var(--bad); }
  </style>
  <div class="row">
    <div>
      <label for="enc-bytes">Bytes (hex)</label>
      <textarea id="enc-bytes" spellcheck="false"></textarea>
      <label for="enc-label">Encoding label</label>
      <select id="enc-label">${LABELS.map((l) => `<option>${l}</option>`).join('')}</select>
      <label class="check"><input type="checkbox" id="enc-fatal"> fatal (throw on malformed input)</label>
      <p class="hint">Decoded with the standard's <a href="https://encoding.spec.whatwg.org/#decode">decode</a>
        hook: a byte order mark overrides the label. U+FFFD replacement characters are highlighted.</p>
      <label id="enc-decoded-label">Decoded text</label>
      <div id="enc-decoded" class="output" role="status" aria-labelledby="enc-decoded-label"></div>
      <div id="enc-decode-error" class="error" role="status"></div>
    </div>
    <div>
      <label for="enc-text">Text to encode</label>
      <textarea id="enc-text" spellcheck="false"></textarea>
      <label for="enc-mode">Error mode</label>
      <select id="enc-mode">
        <option value="fatal">fatal (TypeError for an unencodable character)</option>
        <option value="html">html (&amp;#N; for an unencodable character)</option>
      </select>
      <label for="enc-encoded">Encoded bytes (hex), in the label's output encoding</label>
      <output id="enc-encoded"></output>
      <div id="enc-encode-error" class="error" role="status"></div>
    </div>
  </div>
  <div id="enc-compare-decode"></div>
  <div id="enc-compare-encode"></div>`;

/** Lone surrogates and U+FFFD made visible, so that two decodings can be told apart. */
const visible = (text) => text.replace(/[\uD800-\uDFFF\uFFFD]/gu, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Where a fatal decode of `bytes` in `encoding` fails: `start`, the offset of the first byte of
 * the malformed sequence (everything before it decodes), and `detected`, the offset of the byte
 * at which the decoder reports the error (bytes.length when the input ends inside a sequence).
 * A streaming fatal decoder fed one byte at a time throws at `detected`; `start` is the longest
 * prefix up to there that decodes on its own.
 */
function locateDecodeError(weft, bytes, encoding) {
  // The replacement decoder has no TextDecoder: it fails at the first byte of any input.
  if (encoding === 'replacement') return { start: 0, detected: 0 };
  const streaming = new weft.TextDecoder(encoding, { fatal: true, ignoreBOM: true });
  let detected = bytes.length;
  for (let i = 0; i < bytes.length; i++) {
    try {
      streaming.decode(bytes.subarray(i, i + 1), { stream: true });
    } catch {
      detected = i;
      break;
    }
  }
  const decodes = (length) => {
    try {
      new weft.TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes.subarray(0, length));
      return true;
    } catch {
      return false;
    }
  };
  let start = detected;
  while (start > 0 && !decodes(start)) start--;
  return { start, detected };
}

const BOM_LENGTHS = { 'UTF-8': 3, 'UTF-16BE': 2, 'UTF-16LE': 2 };

export default {
  id: 'encoding',
  title: 'Encoding',
  mount(root, weft, { natives, browserName, initial, changed }) {
    root.innerHTML = template;
    const $ = (selector) => root.querySelector(selector);
    const [bytes, label, fatal, decoded, decodeError] = [
      '#enc-bytes',
      '#enc-label',
      '#enc-fatal',
      '#enc-decoded',
      '#enc-decode-error',
    ].map($);
    const [text, mode, encoded, encodeError] = ['#enc-text', '#enc-mode', '#enc-encoded', '#enc-encode-error'].map($);
    bytes.value = initial.get('bytes') ?? DEFAULTS.bytes;
    label.value = LABELS.includes(initial.get('label')) ? initial.get('label') : DEFAULTS.label;
    fatal.checked = initial.get('fatal') === '1';
    text.value = initial.get('text') ?? DEFAULTS.text;
    mode.value = initial.get('mode') === 'html' ? 'html' : DEFAULTS.mode;

    /** The decoder's result, or the exception, as the comparison shows it. */
    const attempt = (fn) => {
      try {
        return fn();
      } catch (error) {
        return { error };
      }
    };

    const encode = () => {
      try {
        encoded.textContent = hex(weft.encode(text.value, label.value, { mode: mode.value }));
        encodeError.textContent = '';
      } catch (e) {
        encoded.textContent = '';
        encodeError.textContent = `${e.name}: ${e.message}`;
      }
      // TextEncoder only ever encodes UTF-8, in both implementations.
      const ours = attempt(() => hex(new weft.TextEncoder().encode(text.value)));
      const native = attempt(() => hex(natives.encode(text.value)));
      renderComparison($('#enc-compare-encode'), {
        api: 'TextEncoder',
        call: 'new TextEncoder().encode(text) (always UTF-8)',
        rows: [
          {
            field: 'bytes',
            ours: ours.error ? errorName(ours.error) : ours,
            native: native.error ? errorName(native.error) : native,
          },
        ],
        verdict: () =>
          `The Encoding Standard requires webweft's bytes (UTF-8, each lone surrogate as U+FFFD); ${browserName}'s TextEncoder differs.`,
      });
    };

    const decode = () => {
      decoded.replaceChildren();
      decodeError.textContent = '';
      let input;
      try {
        input = parseHex(bytes.value);
      } catch (e) {
        decodeError.textContent = `${e.name}: ${e.message}`;
        $('#enc-compare-decode').replaceChildren();
        return;
      }
      try {
        const result = weft.decode(input, label.value, { fatal: fatal.checked });
        for (const [i, part] of result.split('\uFFFD').entries()) {
          if (i > 0) {
            const mark = document.createElement('mark');
            mark.textContent = '\uFFFD';
            decoded.append(mark);
          }
          decoded.append(part);
        }
      } catch (e) {
        decodeError.textContent = `${e.name}: ${e.message}`;
        if (e.name === 'TypeError') decodeError.append(where(input));
      }
      compareDecode(input);
    };

    /** " — at byte N: …": the decode hook's encoding (a BOM wins) and the failing sequence. */
    function where(input) {
      const sniffed = weft.sniffBOM(input);
      const skip = sniffed ? BOM_LENGTHS[sniffed] : 0;
      const encoding = sniffed ?? weft.labelToEncoding(label.value);
      const { start, detected } = locateDecodeError(weft, input.subarray(skip), encoding);
      const [from, to] = [start + skip, detected + skip];
      const span = document.createElement('span');
      span.id = 'enc-error-offset';
      span.dataset.offset = String(from);
      if (encoding === 'replacement') {
        span.textContent = ' — at byte 0: the replacement encoding turns any input into one U+FFFD, an error when fatal.';
      } else if (to >= input.length) {
        span.textContent = ` — at byte ${from}: the input ends inside a sequence (${hex(input.subarray(from)) || 'nothing'}) that ${encoding} cannot finish.`;
      } else if (to === from) {
        span.textContent = ` — at byte ${from}: ${hex(input.subarray(from, from + 1))} cannot start a character in ${encoding}.`;
      } else {
        span.textContent = ` — at byte ${from}: the sequence ${hex(input.subarray(from, to))} is malformed in ${encoding} (noticed at byte ${to}, ${hex(input.subarray(to, to + 1))}).`;
      }
      return span;
    }

    function compareDecode(input) {
      // The constructor (label → encoding, or a RangeError) and decode() are compared apart.
      const side = (make) => {
        const decoder = attempt(make);
        if (decoder.error) return { encoding: errorName(decoder.error), text: errorName(decoder.error) };
        const text = attempt(() => decoder.decode(input));
        return { encoding: decoder.encoding, text: text.error ? errorName(text.error) : visible(text) };
      };
      const ours = side(() => new weft.TextDecoder(label.value, { fatal: fatal.checked }));
      const native = side(() => natives.decoder(label.value, fatal.checked));
      renderComparison($('#enc-compare-decode'), {
        api: 'TextDecoder',
        call: `new TextDecoder(label, { fatal: ${fatal.checked} }).decode(bytes)`,
        rows: [
          { field: 'encoding', ours: ours.encoding, native: native.encoding },
          { field: 'decode()', ours: ours.text, native: native.text },
        ],
        verdict: (diffs) =>
          `The Encoding Standard requires webweft's ${diffs.join(' and ')}; ${browserName}'s TextDecoder differs.`,
        note: "TextDecoder strips only its own encoding's BOM; it does not sniff one, unlike the decode hook above. U+FFFD and lone surrogates show as \\uXXXX.",
      });
    }

    const update = (fn) => () => {
      fn();
      changed();
    };
    bytes.addEventListener('input', update(decode));
    fatal.addEventListener('change', update(decode));
    label.addEventListener(
      'change',
      update(() => (decode(), encode())),
    );
    text.addEventListener('input', update(encode));
    mode.addEventListener('change', update(encode));
    decode();
    encode();
    return {
      state: () => [
        ['bytes', bytes.value],
        ['label', label.value],
        ...(fatal.checked ? [['fatal', '1']] : []),
        ['text', text.value],
        ['mode', mode.value],
      ],
    };
  },
};
