// Bytes as the panels take and show them: hex text, and a byte input (text as its UTF-8 bytes,
// or hex digits, or an uploaded file's bytes written into the field as hex so the link keeps them).

/** Bytes as lowercase hex pairs separated by spaces. */
export const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');

/** Hex pairs (whitespace anywhere) → bytes; a SyntaxError for anything else. */
export function parseHex(text) {
  const digits = text.replace(/\s+/g, '');
  if (!/^([0-9a-fA-F]{2})*$/.test(digits)) throw new SyntaxError('bytes must be pairs of hex digits');
  return Uint8Array.from(digits.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

/** "1,445 bytes" / "1 byte". */
export const byteCount = (n) => `${n.toLocaleString('en')} ${n === 1 ? 'byte' : 'bytes'}`;

/**
 * Mounts a byte input into `root` (which holds `#ID-format`, `#ID-bytes`, `#ID-file` and
 * `#ID-file-note`, as `bytesFields(ID, label)` writes them): text is read as its UTF-8 bytes,
 * hex as pairs of digits; an uploaded file switches to hex and fills the field with its first
 * `maxFileBytes` bytes. `initial` is the panel's query (keys `format` and `bytes`); `onChange`
 * runs after every edit. Returns { read() (the bytes, or throws), state() (query pairs) }.
 */
export function mountBytesInput(root, id, { initial, defaults, maxFileBytes, onChange }) {
  const $ = (selector) => root.querySelector(selector);
  const [format, field, file, note] = [`#${id}-format`, `#${id}-bytes`, `#${id}-file`, `#${id}-file-note`].map($);
  format.value = initial.get('format') === 'hex' || (!initial.has('format') && defaults.format === 'hex') ? 'hex' : 'text';
  field.value = initial.get('bytes') ?? defaults.bytes;
  const read = () => (format.value === 'hex' ? parseHex(field.value) : new TextEncoder().encode(field.value));

  field.addEventListener('input', () => {
    note.textContent = '';
    onChange();
  });
  format.addEventListener('change', () => {
    // The same bytes in the other notation, when the field holds valid input.
    try {
      const bytes = format.value === 'hex' ? new TextEncoder().encode(field.value) : parseHex(field.value);
      field.value = format.value === 'hex' ? hex(bytes) : new TextDecoder().decode(bytes);
    } catch {
      // Invalid hex stays as typed; reading it reports the error.
    }
    onChange();
  });
  file.addEventListener('change', async () => {
    const chosen = file.files[0];
    if (!chosen) return;
    const bytes = new Uint8Array(await chosen.slice(0, maxFileBytes).arrayBuffer());
    format.value = 'hex';
    field.value = hex(bytes);
    note.textContent =
      chosen.size > maxFileBytes
        ? `${chosen.name}: its first ${byteCount(maxFileBytes)} of ${byteCount(chosen.size)}.`
        : `${chosen.name}: ${byteCount(chosen.size)}.`;
    file.value = '';
    onChange();
  });
  return {
    read,
    state: () => [
      ['format', format.value],
      ['bytes', field.value],
    ],
  };
}

/** The markup `mountBytesInput` drives: the notation, the field and the file picker. */
export const bytesFields = (id, label) => `
  <div class="bytes-head">
    <label for="${id}-bytes">${label}</label>
    <select id="${id}-format" aria-label="${label}: notation">
      <option value="text">text (its UTF-8 bytes)</option>
      <option value="hex">hex</option>
    </select>
  </div>
  <textarea id="${id}-bytes" spellcheck="false"></textarea>
  <div class="file-row">
    <label class="file" for="${id}-file">Or upload a file</label>
    <input type="file" id="${id}-file">
  </div>
  <div id="${id}-file-note" class="hint" role="status"></div>`;
