/**
 * A compact QR Code encoder (ISO/IEC 18004) for what the dashboard needs: byte mode, error
 * correction level M, versions 1–4 (up to 62 bytes; a TRON address is 34). Written here
 * because the project adds no package for one picture. Returns the module matrix, true = dark.
 */

type VersionSpec = { dataCodewords: number; ecPerBlock: number; blocks: number; align: number | null };

// Level M figures of the standard's tables 7 and 9, versions 1–4.
const VERSIONS: Record<number, VersionSpec> = {
  1: { dataCodewords: 16, ecPerBlock: 10, blocks: 1, align: null },
  2: { dataCodewords: 28, ecPerBlock: 16, blocks: 1, align: 18 },
  3: { dataCodewords: 44, ecPerBlock: 26, blocks: 1, align: 22 },
  4: { dataCodewords: 64, ecPerBlock: 18, blocks: 2, align: 26 },
};
const EC_LEVEL_M_BITS = 0b00;

export type QrMatrix = boolean[][];

// GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1, by log tables.
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
for (let i = 0, x = 1; i < 255; i++, x = x & 0x80 ? ((x << 1) ^ 0x11d) & 0xff : x << 1) {
  EXP[i] = x;
  LOG[x] = i;
}
for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]!;
export const gfMul = (a: number, b: number) => (a === 0 || b === 0 ? 0 : EXP[LOG[a]! + LOG[b]!]!);

/** Reed–Solomon error correction codewords of `data` (the remainder by the generator polynomial). */
export function reedSolomon(data: readonly number[], ecCount: number): number[] {
  // Generator (x - α^0)(x - α^1)…(x - α^(n-1)), leading coefficient dropped.
  let gen = [1];
  for (let i = 0; i < ecCount; i++) {
    const next = new Array<number>(gen.length + 1).fill(0);
    gen.forEach((c, j) => {
      next[j] ^= c;
      next[j + 1] ^= gfMul(c, EXP[i]!);
    });
    gen = next;
  }
  const rem = new Array<number>(ecCount).fill(0);
  for (const byte of data) {
    const factor = byte ^ rem.shift()!;
    rem.push(0);
    for (let j = 0; j < ecCount; j++) rem[j] ^= gfMul(gen[j + 1]!, factor);
  }
  return rem;
}

/** The 15 format bits for level M and `mask`: BCH(15,5) then the standard's XOR mask. */
export function formatBits(mask: number): number {
  const data = (EC_LEVEL_M_BITS << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | (rem & 0x3ff)) ^ 0x5412;
}

const MASKS: ((r: number, c: number) => boolean)[] = [
  (r, c) => (r + c) % 2 === 0,
  (r) => r % 2 === 0,
  (_r, c) => c % 3 === 0,
  (r, c) => (r + c) % 3 === 0,
  (r, c) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
  (r, c) => ((r * c) % 2) + ((r * c) % 3) === 0,
  (r, c) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
  (r, c) => (((r + c) % 2) + ((r * c) % 3)) % 2 === 0,
];

/** Encodes `text` (UTF-8) in the smallest version that holds it; throws past 62 bytes. */
export function encodeQr(text: string): QrMatrix {
  const bytes = [...new TextEncoder().encode(text)];
  const version = [1, 2, 3, 4].find((v) => VERSIONS[v]!.dataCodewords - 2 >= bytes.length);
  if (!version) throw new Error(`QR: ${bytes.length} bytes do not fit versions 1–4 at level M.`);
  const spec = VERSIONS[version]!;
  const codewords = interleave(dataCodewords(bytes, spec.dataCodewords), spec);

  const size = 17 + 4 * version;
  const base = functionPatterns(size, spec.align);
  placeCodewords(base.modules, base.reserved, codewords);

  let best: { matrix: QrMatrix; penalty: number } | null = null;
  for (let mask = 0; mask < 8; mask++) {
    const matrix = base.modules.map((row, r) => row.map((dark, c) => (!base.reserved[r]![c] && MASKS[mask]!(r, c) ? !dark : dark)));
    drawFormat(matrix, formatBits(mask));
    const score = penalty(matrix);
    if (!best || score < best.penalty) best = { matrix, penalty: score };
  }
  return best!.matrix;
}

/** Mode 0100, 8-bit count, the bytes, terminator, byte padding and the 0xEC/0x11 pad codewords. */
function dataCodewords(bytes: number[], capacity: number): number[] {
  const bits: number[] = [];
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, 8);
  for (const b of bytes) put(b, 8);
  put(0, Math.min(4, capacity * 8 - bits.length));
  while (bits.length % 8 !== 0) bits.push(0);
  const out: number[] = [];
  for (let i = 0; i < bits.length; i += 8) out.push(bits.slice(i, i + 8).reduce((acc, bit) => (acc << 1) | bit, 0));
  for (let pad = 0xec; out.length < capacity; pad ^= 0xec ^ 0x11) out.push(pad);
  return out;
}

/** Splits into equal blocks, adds each block's EC codewords, and interleaves column by column. */
function interleave(data: number[], spec: VersionSpec): number[] {
  const perBlock = data.length / spec.blocks;
  const blocks = Array.from({ length: spec.blocks }, (_, b) => data.slice(b * perBlock, (b + 1) * perBlock));
  const ecs = blocks.map((block) => reedSolomon(block, spec.ecPerBlock));
  const out: number[] = [];
  for (let i = 0; i < perBlock; i++) for (const block of blocks) out.push(block[i]!);
  for (let i = 0; i < spec.ecPerBlock; i++) for (const ec of ecs) out.push(ec[i]!);
  return out;
}

function functionPatterns(size: number, align: number | null) {
  const modules: QrMatrix = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const reserved: boolean[][] = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const set = (r: number, c: number, dark: boolean) => {
    modules[r]![c] = dark;
    reserved[r]![c] = true;
  };
  // Finders with their light separators.
  for (const [top, left] of [[0, 0], [0, size - 7], [size - 7, 0]] as const) {
    for (let dr = -1; dr <= 7; dr++) {
      for (let dc = -1; dc <= 7; dc++) {
        const r = top + dr;
        const c = left + dc;
        if (r < 0 || c < 0 || r >= size || c >= size) continue;
        const ring = Math.max(Math.abs(dr - 3), Math.abs(dc - 3));
        set(r, c, ring !== 2 && ring !== 4);
      }
    }
  }
  for (let i = 8; i < size - 8; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  if (align !== null) {
    for (let dr = -2; dr <= 2; dr++) for (let dc = -2; dc <= 2; dc++) set(align + dr, align + dc, Math.max(Math.abs(dr), Math.abs(dc)) !== 1);
  }
  // Format areas are reserved now and drawn per mask; the dark module is always dark.
  drawFormat(modules, 0, reserved);
  set(size - 8, 8, true);
  return { modules, reserved };
}

/** Writes both copies of the format bits (bit 0 = least significant), optionally reserving them. */
function drawFormat(m: QrMatrix, bits: number, reserved?: boolean[][]) {
  const size = m.length;
  const put = (r: number, c: number, i: number) => {
    m[r]![c] = ((bits >>> i) & 1) === 1;
    if (reserved) reserved[r]![c] = true;
  };
  for (let i = 0; i <= 5; i++) put(i, 8, i);
  put(7, 8, 6);
  put(8, 8, 7);
  put(8, 7, 8);
  for (let i = 9; i < 15; i++) put(8, 14 - i, i);
  for (let i = 0; i < 8; i++) put(8, size - 1 - i, i);
  for (let i = 8; i < 15; i++) put(size - 15 + i, 8, i);
}

/** The standard's zigzag: column pairs from the right, alternately upwards and downwards, skipping column 6. */
function placeCodewords(m: QrMatrix, reserved: boolean[][], codewords: number[]) {
  const size = m.length;
  let bit = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let v = 0; v < size; v++) {
      const r = upward ? size - 1 - v : v;
      for (const c of [right, right - 1]) {
        if (reserved[r]![c]) continue;
        // Remainder bits past the last codeword stay light.
        m[r]![c] = bit < codewords.length * 8 && ((codewords[bit >>> 3]! >>> (7 - (bit & 7))) & 1) === 1;
        bit++;
      }
    }
  }
}

/** The four penalty rules used to choose a mask (runs, 2×2 blocks, finder look-alikes, balance). */
function penalty(m: QrMatrix): number {
  const size = m.length;
  let score = 0;
  const lines = [...m, ...m[0]!.map((_, c) => m.map((row) => row[c]!))];
  for (const line of lines) {
    let run = 1;
    for (let i = 1; i <= size; i++) {
      if (i < size && line[i] === line[i - 1]) run++;
      else {
        if (run >= 5) score += run - 2;
        run = 1;
      }
    }
    const s = line.map((d) => (d ? "1" : "0")).join("");
    for (const p of ["10111010000", "00001011101"]) for (let i = s.indexOf(p); i !== -1; i = s.indexOf(p, i + 1)) score += 40;
  }
  let dark = 0;
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      if (m[r]![c]) dark++;
      if (r < size - 1 && c < size - 1) {
        const d = m[r]![c];
        if (m[r]![c + 1] === d && m[r + 1]![c] === d && m[r + 1]![c + 1] === d) score += 3;
      }
    }
  }
  score += Math.floor(Math.abs(dark * 20 - size * size * 10) / (size * size)) * 10;
  return score;
}
