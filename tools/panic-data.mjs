// zeroDeadPanicData: the panic data that an optimized wasm no longer reads, zeroed (see below).
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * wasm-opt drops the code that only a panic ran (see stripPanics in tools/wasm.mjs), but not
 * data: the panic `Location` records ({file ptr, file len, line, col}), the source paths they
 * point to (`/rustc/<hash>/library/…`, `/root/.cargo/registry/…`, `src/…`), core::fmt's message
 * templates, std's panic messages and core::fmt's "00".."99" digit table stay in the data
 * segments. Zeroed, they cost next to nothing under gzip (0.4-0.8 KB per wasm).
 *
 * Which bytes: the objects of the link (the linker's map, `rawWasm`'s `.map` beside it, gives
 * each one's exact extent) that are of those kinds (findCandidates), all of them read only
 * through a pointer to their start or into them (never from a base outside them, as a table
 * indexed from an offset may be: so no other kind of object is zeroed). One is dead if no
 * reference left in the optimized wasm points into it (or one past a message's end): every
 * `i32.const`/`i64.const` in code, globals and element offsets, every load/store's offset
 * immediate and a load's plus the constant address before it, and every 4-byte word in the data
 * that is not itself in a dead candidate (a dead Location's path pointer does not keep the path):
 * marked from those roots. The data must be byte for byte the link's (wasm-bindgen and wasm-opt
 * with memory packing off leave it so), else this throws; so it does on any instruction it cannot
 * decode. Rewrites `file` in place; returns the number of bytes zeroed.
 */
export function zeroDeadPanicData(file, rawWasm) {
  const wasm = readFileSync(file);
  const { segments, codeRefs } = decode(wasm);
  const raw = decode(readFileSync(rawWasm));
  if (raw.segments.length !== segments.length || segments.some((s, i) => !s.bytes.equals(raw.segments[i].bytes) || s.address !== raw.segments[i].address)) {
    throw new Error(`${file}: its data is not the link's (did wasm-bindgen or wasm-opt move it?)`);
  }
  const memory = new Memory(segments);
  const candidates = findCandidates(memory, linkObjects(readFileSync(rawWasm.replace(/\.wasm$/, '.map'), 'utf8')));
  // Mark: what code and the data outside candidates point to, then what live candidates point to.
  const inCandidate = (address) => candidates[memory.lastStartAtOrBefore(candidates, address)]?.end > address;
  const roots = [...codeRefs];
  for (const [address, word] of memory.words()) if (!inCandidate(address)) roots.push(word);
  const live = new Set();
  while (roots.length) {
    const value = roots.pop();
    // The candidate holding `value`, and the one that `value` is one past the end of.
    const i = memory.lastStartAtOrBefore(candidates, value);
    for (const j of [i, i - 1]) {
      const candidate = candidates[j];
      if (!candidate || live.has(candidate) || value > candidate.reach) continue;
      live.add(candidate);
      for (let address = (candidate.start + 3) & ~3; address + 4 <= candidate.end; address += 4) roots.push(memory.word(address));
    }
  }
  let zeroed = 0;
  for (const candidate of candidates) {
    if (live.has(candidate)) continue;
    for (let address = candidate.start; address < candidate.end; address++) memory.set(address, 0);
    zeroed += candidate.end - candidate.start;
  }
  for (const { bytes, offset } of segments) bytes.copy(wasm, offset);
  if (!WebAssembly.validate(wasm)) throw new Error(`${file}: invalid after zeroDeadPanicData`);
  writeFileSync(file, wasm);
  return zeroed;
}

/**
 * The link's data objects: the map's input sections ({ start, end, name }, by address). The
 * linker's merged strings (`<internal>`: NUL-terminated, so source paths and fmt templates) are
 * one input section; findCandidates splits it.
 */
function linkObjects(map) {
  const objects = [];
  // "    Addr      Off     Size Out     In      Symbol": input sections are indented by 9.
  for (const [, address, size, name] of map.matchAll(/^ *([0-9a-f]+) +[0-9a-f]+ +([0-9a-f]+) {9}(\S.*)$/gm)) {
    objects.push({ start: parseInt(address, 16), end: parseInt(address, 16) + parseInt(size, 16), name });
  }
  if (!objects.some(({ name }) => name.startsWith('<internal>:(.rodata'))) throw new Error('the link map has no merged strings (did its format change?)');
  return objects.sort((a, b) => a.start - b.start);
}

/**
 * The data objects of the kinds zeroDeadPanicData may zero, sorted, disjoint: { start, end,
 * reach }, `reach` the last address a pointer into it may hold (one past its end for a message;
 * a string's NUL; the last byte of a Location and of the digit table).
 */
function findCandidates(memory, objects) {
  const candidates = [];
  const strings = [];
  // Each NUL-terminated string of the merged sections, with its NUL (a suffix may be merged into
  // a longer string: a pointer to it then points into that one, which holds it).
  for (const { start, end, name } of objects) {
    if (!name.startsWith('<internal>:(.rodata')) continue;
    for (let at = start; at < end; ) {
      let nul = at;
      while (nul < end && memory.byte(nul) !== 0) nul++;
      strings.push({ start: at, end: Math.min(nul + 1, end), reach: nul });
      at = nul + 1;
    }
  }
  candidates.push(...strings);
  for (const { start, end, name } of objects) {
    if (!name.includes('(.rodata..Lanon.')) continue;
    const text = memory.text(start, end);
    // A Location is only ever used through its address (and its fields'), the digit table through
    // its start plus an index: for them, a pointer one past the end is the next object's.
    if ((end - start === 16 && isLocation(memory, start, strings)) || text === DIGITS) candidates.push({ start, end, reach: end - 1 });
    else if (PANIC_MESSAGES.has(text)) candidates.push({ start, end, reach: end });
  }
  return candidates.sort((a, b) => a.start - b.start);
}

/** core::fmt's decimal digit pairs (`DEC_DIGITS_LUT`): read only while integers are formatted. */
const DIGITS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0')).join('');

/**
 * The panic messages that are objects of their own (not fmt templates) in the package's wasms,
 * as Rust 1.95 and the dependencies have them: each is only ever passed whole (a &str).
 */
const PANIC_MESSAGES = new Set([
  'a formatting trait implementation returned an error when the underlying stream did not',
  'assertion failed: self.is_char_boundary(idx)',
  'assertion failed: self.is_char_boundary(new_len)',
  'attempt to calculate the remainder with a divisor of zero',
  'attempt to divide by zero',
  'attempt to join into collection with len > usize::MAX',
  'called `Option::unwrap()` on a `None` value',
  'called `Result::unwrap()` on an `Err` value',
  'cannot modify the panic hook from a panicking thread',
  'capacity overflow',
  'chunk size must be non-zero',
  'closure invoked recursively or after being dropped',
  'explicit panic',
  'Hash table capacity overflow',
  'internal error: entered unreachable code',
  'mid > len',
  'one-time initialization may not be performed recursively',
  'RefCell already borrowed',
  'RefCell already mutably borrowed',
  'start of range should be a character boundary',
  'user-provided comparison function does not correctly implement a total order',
]);

/** A `core::panic::Location` (wasm32): file pointer and length (a merged path, .rs), line, column. */
function isLocation(memory, start, strings) {
  const [file, length, line, column] = [0, 4, 8, 12].map((offset) => memory.word(start + offset));
  const path = strings.find((string) => string.start <= file && file < string.end);
  return path !== undefined && file + length === path.end - 1 && memory.text(path.end - 4, path.end - 1) === '.rs' && line > 0 && column > 0;
}

/** The data segments as one address space. */
class Memory {
  constructor(segments) {
    this.segments = segments;
  }
  segment(address) {
    return this.segments.find(({ address: start, bytes }) => start <= address && address < start + bytes.length);
  }
  byte(address) {
    const segment = this.segment(address);
    return segment ? segment.bytes[address - segment.address] : undefined;
  }
  set(address, value) {
    const segment = this.segment(address);
    segment.bytes[address - segment.address] = value;
  }
  word(address) {
    return [0, 1, 2, 3].reduce((word, i) => word + (this.byte(address + i) ?? 0) * 2 ** (8 * i), 0);
  }
  text(start, end) {
    let text = '';
    for (let address = start; address < end; address++) text += String.fromCharCode(this.byte(address) ?? 0);
    return text;
  }
  /** Every 4-byte-aligned word: [address, value]. */
  *words() {
    for (const { address, bytes } of this.segments) {
      for (let at = (address + 3) & ~3; at + 4 <= address + bytes.length; at += 4) yield [at, bytes.readUInt32LE(at - address)];
    }
  }
  /** The index of the last of `sorted` (by start) that starts at or before `address`, or -1. */
  lastStartAtOrBefore(sorted, address) {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (sorted[mid].start <= address) low = mid + 1;
      else high = mid;
    }
    return low - 1;
  }
}

/**
 * A wasm's active data segments ({ address, bytes (a copy), offset in the file }) and every value
 * its code and its other sections could use as an address (see zeroDeadPanicData).
 */
function decode(wasm) {
  let at = 8;
  const u32 = () => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = wasm[at++];
      value += (byte & 0x7f) * 2 ** shift;
      if (!(byte & 0x80)) return value;
    }
  };
  // Signed LEB128, as the unsigned 32-bit value of its low bits (an address computed in i64 wraps).
  const low32 = () => {
    let value = 0n;
    let shift = 0n;
    let byte;
    do {
      byte = wasm[at++];
      value |= BigInt(byte & 0x7f) << shift;
      shift += 7n;
    } while (byte & 0x80);
    return Number(BigInt.asUintN(32, value));
  };
  const codeRefs = [];
  const segments = [];
  // A constant expression: its constants.
  const constants = () => {
    const values = [];
    for (let op = wasm[at++]; op !== 0x0b; op = wasm[at++]) {
      if (op === 0x41 || op === 0x42) values.push(low32());
      else if (op === 0x23 || op === 0xd2) u32();
      else if (op === 0xd0) at++;
      else throw new Error(`constant expression: opcode 0x${op.toString(16)}`);
    }
    return values;
  };
  while (at < wasm.length) {
    const id = wasm[at++];
    const size = u32();
    const end = at + size;
    if (id === 6) {
      for (let n = u32(); n > 0; n--) {
        at += 2;
        codeRefs.push(...constants());
      }
    } else if (id === 9) {
      for (let n = u32(); n > 0; n--) {
        if (u32() !== 0) throw new Error('element segment: only active table-0 function lists are read');
        codeRefs.push(...constants());
        for (let k = u32(); k > 0; k--) u32();
      }
    } else if (id === 11) {
      for (let n = u32(); n > 0; n--) {
        if (u32() !== 0) throw new Error('data segment: only active memory-0 segments are read');
        const [address, ...rest] = constants();
        if (rest.length) throw new Error('data segment: a computed offset');
        const length = u32();
        segments.push({ address, bytes: Buffer.from(wasm.subarray(at, at + length)), offset: at });
        at += length;
      }
    } else if (id === 10) {
      for (let n = u32(); n > 0; n--) {
        const bodyEnd = u32() + at;
        for (let locals = u32(); locals > 0; locals--) {
          u32();
          at++;
        }
        let constant; // the i32.const just before, for a load's address
        while (at < bodyEnd) {
          const op = wasm[at++];
          const previous = constant;
          constant = undefined;
          if (op >= 0x02 && op <= 0x04) {
            if (wasm[at] === 0x40 || (wasm[at] >= 0x6f && wasm[at] <= 0x7f)) at++;
            else low32(); // a type index (s33)
          } else if (op === 0x0c || op === 0x0d || op === 0x10 || op === 0x12 || (op >= 0x20 && op <= 0x26) || op === 0xd2) u32();
          else if (op === 0x0e) for (let k = u32(); k >= 0; k--) u32();
          else if (op === 0x11 || op === 0x13) (u32(), u32());
          else if (op === 0x1c) at += u32();
          else if (op >= 0x28 && op <= 0x3e) {
            if (u32() & 0x40) u32(); // a memory index
            const offset = u32();
            codeRefs.push(offset);
            // (Before a store, it is the value: the address stored to is never the data's.)
            if (previous !== undefined && op <= 0x35) codeRefs.push((previous + offset) % 2 ** 32);
          } else if (op === 0x3f || op === 0x40 || op === 0xd0) at++;
          else if (op === 0x41) codeRefs.push((constant = low32()));
          else if (op === 0x42) codeRefs.push(low32());
          else if (op === 0x43) at += 4;
          else if (op === 0x44) at += 8;
          else if (op === 0xfc) {
            const sub = u32();
            if (sub === 8) (u32(), at++);
            else if (sub === 9 || sub === 13 || (sub >= 15 && sub <= 17)) u32();
            else if (sub === 10) at += 2;
            else if (sub === 11) at++;
            else if (sub === 12 || sub === 14) (u32(), u32());
            else if (sub > 7) throw new Error(`code: opcode 0xfc ${sub}`);
          } else if (!(op <= 0x01 || op === 0x05 || op === 0x0b || op === 0x0f || op === 0x1a || op === 0x1b || (op >= 0x45 && op <= 0xc4) || op === 0xd1)) {
            throw new Error(`code: opcode 0x${op.toString(16)}`);
          }
        }
        if (at !== bodyEnd) throw new Error('code: a function body did not decode to its end');
      }
    }
    at = end;
  }
  return { segments, codeRefs };
}
