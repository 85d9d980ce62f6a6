// Encoding panel: hex bytes → text in any encoding (U+FFFD marked), and the text encoded back
// with the encoder's error mode "fatal" or "html".

const LABELS = [
  'utf-8', 'utf-16le', 'utf-16be', 'windows-1252', 'iso-8859-2', 'koi8-r', 'windows-1251', 'shift_jis',
  'euc-jp', 'iso-2022-jp', 'gb18030', 'gbk', 'big5', 'euc-kr', 'x-user-defined', 'replacement',
];

const template = `
  <div class="row">
    <div>
      <label for="enc-bytes">Bytes (hex)</label>
      <textarea id="enc-bytes" spellcheck="false">82 a0 93 fa 96 7b 8c ea ff</textarea>
      <label for="enc-label">Encoding label</label>
      <select id="enc-label">${LABELS.map((l) => `<option>${l}</option>`).join('')}</select>
      <label><input type="checkbox" id="enc-fatal"> fatal (throw on malformed input)</label>
      <p class="hint">Decoded with the standard's "decode" hook: a byte order mark overrides the label.
        <span class="hint">U+FFFD replacement characters are highlighted.</span></p>
      <div id="enc-decoded" class="result" role="status"></div>
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
  </div>`;

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');

function parseHex(text) {
  const digits = text.replace(/\s+/g, '');
  if (!/^([0-9a-fA-F]{2})*$/.test(digits)) throw new SyntaxError('bytes must be pairs of hex digits');
  return Uint8Array.from(digits.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

export default {
  id: 'encoding',
  title: 'Encoding',
  mount(root, weft) {
    root.innerHTML = template;
    const $ = (selector) => root.querySelector(selector);
    const [bytes, label, fatal, decoded, decodeError] = ['#enc-bytes', '#enc-label', '#enc-fatal', '#enc-decoded', '#enc-decode-error'].map($);
    const [text, mode, encoded, encodeError] = ['#enc-text', '#enc-mode', '#enc-encoded', '#enc-encode-error'].map($);

    const encode = () => {
      try {
        encoded.textContent = hex(weft.encode(text.value, label.value, { mode: mode.value }));
        encodeError.textContent = '';
      } catch (e) {
        encoded.textContent = '';
        encodeError.textContent = `${e.name}: ${e.message}`;
      }
    };
    const decode = () => {
      decoded.replaceChildren();
      try {
        const result = weft.decode(parseHex(bytes.value), label.value, { fatal: fatal.checked });
        for (const [i, part] of result.split('\uFFFD').entries()) {
          if (i > 0) {
            const mark = document.createElement('mark');
            mark.textContent = '\uFFFD';
            decoded.append(mark);
          }
          decoded.append(part);
        }
        decodeError.textContent = '';
        text.value = result;
      } catch (e) {
        decodeError.textContent = `${e.name}: ${e.message}`;
      }
      encode();
    };
    for (const input of [bytes, fatal]) input.addEventListener('input', decode);
    label.value = 'shift_jis';
    label.addEventListener('change', decode);
    text.addEventListener('input', encode);
    mode.addEventListener('change', encode);
    decode();
  },
};
