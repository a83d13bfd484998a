import { describe, expect, it } from "vitest";
import { encodeQr, formatBits, gfMul, reedSolomon, type QrMatrix } from "./encode-qr.ts";
import { qrImage } from "./qr-svg.ts";

// Published reference figures (the standard's annex / the widely used "HELLO WORLD" 1-M example).
const HELLO_WORLD_1M_DATA = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17];
const HELLO_WORLD_1M_EC = [196, 35, 39, 119, 235, 215, 231, 226, 93, 23];
const FORMAT_M = ["101010000010010", "101000100100101", "101111001111100", "101101101001011", "100010111111001", "100000011001110", "100111110010111", "100101010100000"];

const EC_PER_BLOCK: Record<number, [blocks: number, ec: number, align: number | null]> = { 1: [1, 10, null], 2: [1, 16, 18], 3: [1, 26, 22], 4: [2, 18, 26] };
const TOTAL: Record<number, number> = { 1: 26, 2: 44, 3: 70, 4: 100 };

/**
 * An independent reader of what the encoder wrote: format bits against the published table,
 * the standard's reading order, every block's Reed–Solomon syndromes, then the byte segment.
 */
function decode(m: QrMatrix): string {
  const size = m.length;
  const version = (size - 17) / 4;
  const [blocks, ec, align] = EC_PER_BLOCK[version]!;
  const bit = (r: number, c: number) => (m[r]![c] ? "1" : "0");
  const first = [[8, 0], [8, 1], [8, 2], [8, 3], [8, 4], [8, 5], [8, 7], [8, 8], [7, 8], [5, 8], [4, 8], [3, 8], [2, 8], [1, 8], [0, 8]];
  const second = [...[1, 2, 3, 4, 5, 6, 7].map((i) => [size - i, 8]), ...[8, 7, 6, 5, 4, 3, 2, 1].map((i) => [8, size - i])];
  const format = first.map(([r, c]) => bit(r!, c!)).join("");
  expect(second.map(([r, c]) => bit(r!, c!)).join("")).toBe(format);
  const mask = FORMAT_M.indexOf(format);
  expect(mask, "format bits name level M and a mask").toBeGreaterThanOrEqual(0);
  expect(m[size - 8]![8], "dark module").toBe(true);

  const isFunction = (r: number, c: number) =>
    (r < 9 && c < 9) || (r < 9 && c >= size - 8) || (r >= size - 8 && c < 9) || r === 6 || c === 6 ||
    (align !== null && Math.abs(r - align) <= 2 && Math.abs(c - align) <= 2);
  const maskAt = [
    (r: number, c: number) => (r + c) % 2 === 0, (r: number) => r % 2 === 0, (_: number, c: number) => c % 3 === 0,
    (r: number, c: number) => (r + c) % 3 === 0, (r: number, c: number) => (Math.floor(r / 2) + Math.floor(c / 3)) % 2 === 0,
    (r: number, c: number) => ((r * c) % 2) + ((r * c) % 3) === 0, (r: number, c: number) => (((r * c) % 2) + ((r * c) % 3)) % 2 === 0,
    (r: number, c: number) => (((r + c) % 2) + ((r * c) % 3)) % 2 === 0,
  ][mask]!;
  const bits: number[] = [];
  for (let right = size - 1, upward = true; right > 0; right -= 2, upward = !upward) {
    if (right === 6) right--;
    for (let i = 0; i < size; i++) {
      const r = upward ? size - 1 - i : i;
      for (const c of [right, right - 1]) if (!isFunction(r, c)) bits.push(Number(m[r]![c] !== maskAt(r, c)));
    }
  }
  const codewords = Array.from({ length: TOTAL[version]! }, (_, i) => bits.slice(i * 8, i * 8 + 8).reduce((a, b) => (a << 1) | b, 0));
  const dataPerBlock = (TOTAL[version]! - ec * blocks) / blocks;
  const data: number[] = [];
  for (let b = 0; b < blocks; b++) {
    const block = [...Array.from({ length: dataPerBlock }, (_, i) => codewords[i * blocks + b]!), ...Array.from({ length: ec }, (_, i) => codewords[dataPerBlock * blocks + i * blocks + b]!)];
    for (let i = 0, alpha = 1; i < ec; i++, alpha = gfMul(alpha, 2)) {
      expect(block.reduce((acc, cw) => gfMul(acc, alpha) ^ cw, 0), `syndrome ${i} of block ${b}`).toBe(0);
    }
    data.push(...block.slice(0, dataPerBlock));
  }
  expect(data[0]! >> 4, "byte mode").toBe(0b0100);
  const length = ((data[0]! & 0xf) << 4) | (data[1]! >> 4);
  const bytes = Array.from({ length }, (_, i) => ((data[1 + i]! & 0xf) << 4) | (data[2 + i]! >> 4));
  return new TextDecoder().decode(new Uint8Array(bytes));
}

describe("QR encoder", () => {
  it("matches the published Reed–Solomon and format figures", () => {
    expect(reedSolomon(HELLO_WORLD_1M_DATA, 10)).toEqual(HELLO_WORLD_1M_EC);
    expect(FORMAT_M.map((_, mask) => formatBits(mask).toString(2).padStart(15, "0"))).toEqual(FORMAT_M);
  });

  it.each([
    ["a TRON deposit address (version 3)", "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8"],
    ["a short text (version 1)", "hello"],
    ["version 2", "https://example.com/abc"],
    ["two blocks (version 4)", "x".repeat(60)],
  ])("decodes back: %s", (_name, text) => {
    expect(decode(encodeQr(text))).toBe(text);
  });

  it("draws finder patterns in three corners", () => {
    const m = encodeQr("TJRabPrwbZy45sbavfcjinPJC18kjpRTv8");
    expect(m).toHaveLength(29);
    for (const [r, c] of [[0, 0], [0, 22], [22, 0]]) {
      expect([0, 1, 2, 3, 4, 5, 6].map((i) => m[r! + 3]![c! + i])).toEqual([true, false, true, true, true, false, true]);
    }
  });

  it("refuses text longer than version 4 holds", () => {
    expect(() => encodeQr("x".repeat(63))).toThrow(/do not fit/);
  });

  it("renders an SVG path with a quiet zone", () => {
    const image = qrImage("hello");
    expect(image.size).toBe(21 + 8);
    expect(image.path.startsWith("M4 4h7v1h-7z")).toBe(true);
  });
});
