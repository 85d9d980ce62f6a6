// The inline flavour's wasm decoder: base64 text to bytes, then a raw DEFLATE stream (RFC 1951)
// to the wasm. Ours rather than the host's (Uint8Array.fromBase64, atob, DecompressionStream,
// which is asynchronous anyway) or a library's: a page may have replaced any built-in's
// prototype methods before weft loads, so this uses only indexing, string length and the typed
// array constructors captured here. The output's length is known when the package is built.
const U8 = Uint8Array;
const U16 = Uint16Array;

const BASE64 = { __proto__: null };
for (let i = 0; i < 64; i++) BASE64['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'[i]] = i;

/** The `length` bytes of padded base64 `text`. */
function decodeBase64(text, length) {
  const bytes = new U8(length);
  for (let i = 0, j = 0; j < length; i += 4) {
    // ('=' is not in BASE64: undefined, which shifts as 0.)
    const n = (BASE64[text[i]] << 18) | (BASE64[text[i + 1]] << 12) | (BASE64[text[i + 2]] << 6) | BASE64[text[i + 3]];
    bytes[j++] = n >> 16;
    if (j < length) bytes[j++] = (n >> 8) & 0xff;
    if (j < length) bytes[j++] = n & 0xff;
  }
  return bytes;
}

// RFC 1951 §3.2.5: the base and extra bits of length codes 257..285 and distance codes 0..29.
const LENGTH_BASE = new U16(29);
const LENGTH_EXTRA = new U8(29);
for (let i = 0, base = 3; i < 28; i++) {
  LENGTH_BASE[i] = base;
  LENGTH_EXTRA[i] = i < 8 ? 0 : (i - 4) >> 2;
  base += 1 << LENGTH_EXTRA[i];
}
LENGTH_BASE[28] = 258;
const DISTANCE_BASE = new U16(30);
const DISTANCE_EXTRA = new U8(30);
for (let i = 0, base = 1; i < 30; i++) {
  DISTANCE_BASE[i] = base;
  DISTANCE_EXTRA[i] = i < 4 ? 0 : (i - 2) >> 1;
  base += 1 << DISTANCE_EXTRA[i];
}
// §3.2.7: the order in which a dynamic block gives the code length code's lengths.
// (An array literal's own elements: reading them never reaches Array.prototype.)
const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/**
 * Fills `table` with the canonical Huffman code (§3.2.2) of `count` code lengths in `lengths`
 * from `start`: each entry, indexed by the next `bits` input bits (least significant first),
 * is symbol << 4 | code length; 0 where no code matches. Returns `bits`, the longest length.
 */
function buildTable(table, lengths, start, count) {
  const counts = new U16(16);
  let bits = 0;
  for (let i = 0; i < count; i++) {
    const length = lengths[start + i];
    counts[length]++;
    if (length > bits) bits = length;
  }
  const next = new U16(16);
  counts[0] = 0;
  for (let length = 1, code = 0; length < 16; length++) {
    code = (code + counts[length - 1]) << 1;
    next[length] = code;
  }
  for (let i = 0; i < 1 << bits; i++) table[i] = 0;
  for (let symbol = 0; symbol < count; symbol++) {
    const length = lengths[start + symbol];
    if (length === 0) continue;
    // Codes are sent most significant bit first: index the table by the reversed code.
    let code = next[length]++;
    let reversed = 0;
    for (let i = 0; i < length; i++, code >>= 1) reversed = (reversed << 1) | (code & 1);
    for (let i = reversed; i < 1 << bits; i += 1 << length) table[i] = (symbol << 4) | length;
  }
  return bits;
}

function corrupt() {
  throw new Error('webweft: the inline wasm is corrupt');
}

/** The `size` bytes that the raw DEFLATE stream in base64 `text` inflates to. */
export function inflateBase64(text, size) {
  const padding = text[text.length - 2] === '=' ? 2 : text[text.length - 1] === '=' ? 1 : 0;
  const inputLength = (text.length / 4) * 3 - padding;
  const input = decodeBase64(text, inputLength);
  const output = new U8(size);
  const literals = new U16(1 << 15);
  const distances = new U16(1 << 15);
  const lengths = new U8(286 + 30);
  let position = 0; // the next input byte
  let buffer = 0; // input bits not yet used, least significant first
  let buffered = 0;
  let out = 0;

  const bits = (n) => {
    while (buffered < n) {
      // Past the end reads zeros (undefined): the length checks below catch a truncated stream.
      buffer |= input[position++] << buffered;
      buffered += 8;
    }
    const value = buffer & ((1 << n) - 1);
    buffer >>>= n;
    buffered -= n;
    return value;
  };
  const symbol = (table, tableBits) => {
    while (buffered < tableBits) {
      buffer |= input[position++] << buffered;
      buffered += 8;
    }
    const entry = table[buffer & ((1 << tableBits) - 1)];
    if (entry === 0) corrupt();
    buffer >>>= entry & 15;
    buffered -= entry & 15;
    return entry >> 4;
  };

  let last = 0;
  while (!last) {
    last = bits(1);
    const type = bits(2);
    if (type === 0) {
      // §3.2.4: stored. The buffer holds whole unread bytes after the current one's rest.
      position -= buffered >> 3;
      buffer = buffered = 0;
      const length = input[position] | (input[position + 1] << 8);
      if ((length ^ (input[position + 2] | (input[position + 3] << 8))) !== 0xffff) corrupt();
      position += 4;
      if (out + length > size || position + length > inputLength) corrupt();
      for (let i = 0; i < length; i++) output[out++] = input[position++];
      continue;
    }
    let literalBits;
    let distanceBits;
    if (type === 1) {
      // §3.2.6: the fixed codes.
      for (let i = 0; i < 288; i++) lengths[i] = i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8;
      literalBits = buildTable(literals, lengths, 0, 288);
      for (let i = 0; i < 30; i++) lengths[i] = 5;
      distanceBits = buildTable(distances, lengths, 0, 30);
    } else if (type === 2) {
      // §3.2.7: the codes, Huffman coded themselves.
      const literalCount = bits(5) + 257;
      const distanceCount = bits(5) + 1;
      const codeLengthCount = bits(4) + 4;
      for (let i = 0; i < 19; i++) lengths[i] = 0;
      for (let i = 0; i < codeLengthCount; i++) lengths[CODE_LENGTH_ORDER[i]] = bits(3);
      const codeLengthBits = buildTable(literals, lengths, 0, 19);
      for (let i = 0; i < literalCount + distanceCount;) {
        const code = symbol(literals, codeLengthBits);
        if (code < 16) {
          lengths[i++] = code;
          continue;
        }
        if (code === 16 && i === 0) corrupt();
        const value = code === 16 ? lengths[i - 1] : 0;
        let repeat = code === 16 ? 3 + bits(2) : code === 17 ? 3 + bits(3) : 11 + bits(7);
        if (i + repeat > literalCount + distanceCount) corrupt();
        while (repeat--) lengths[i++] = value;
      }
      literalBits = buildTable(literals, lengths, 0, literalCount);
      distanceBits = buildTable(distances, lengths, literalCount, distanceCount);
    } else {
      corrupt();
    }
    // §3.2.5: literals, and (length, distance) pairs that copy earlier output, until 256.
    for (;;) {
      const code = symbol(literals, literalBits);
      if (code < 256) {
        if (out >= size) corrupt();
        output[out++] = code;
        continue;
      }
      if (code === 256) break;
      if (code > 285) corrupt();
      const length = LENGTH_BASE[code - 257] + bits(LENGTH_EXTRA[code - 257]);
      const distanceCode = symbol(distances, distanceBits);
      if (distanceCode > 29) corrupt();
      const distance = DISTANCE_BASE[distanceCode] + bits(DISTANCE_EXTRA[distanceCode]);
      if (distance > out || out + length > size) corrupt();
      for (let i = 0; i < length; i++, out++) output[out] = output[out - distance];
    }
  }
  if (out !== size || position - (buffered >> 3) > inputLength) corrupt();
  return output;
}
