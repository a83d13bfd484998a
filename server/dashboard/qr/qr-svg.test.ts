import { describe, expect, it } from "vitest";
import { QR_QUIET_ZONE, qrImage } from "./qr-svg.ts";

// The deposit dialog's QR code of this TRON address as the hand-written encoder drew it before
// uqr replaced it (that encoder's output was checked by an independent decoder: format bits,
// Reed–Solomon syndromes, byte segment). uqr chooses the same version, level and mask here.
const ADDRESS = "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf";
const ADDRESS_PATH = [
  "M4 4h7v1h-7zM12 4h1v1h-1zM14 4h3v1h-3zM21 4h1v1h-1zM23 4h1v1h-1zM26 4h7v1h-7zM4 5h1v1h-1z",
  "M10 5h1v1h-1zM13 5h1v1h-1zM15 5h2v1h-2zM20 5h5v1h-5zM26 5h1v1h-1zM32 5h1v1h-1zM4 6h1v1h-1z",
  "M6 6h3v1h-3zM10 6h1v1h-1zM14 6h2v1h-2zM17 6h1v1h-1zM19 6h3v1h-3zM26 6h1v1h-1zM28 6h3v1h-3z",
  "M32 6h1v1h-1zM4 7h1v1h-1zM6 7h3v1h-3zM10 7h1v1h-1zM12 7h1v1h-1zM14 7h3v1h-3zM18 7h7v1h-7z",
  "M26 7h1v1h-1zM28 7h3v1h-3zM32 7h1v1h-1zM4 8h1v1h-1zM6 8h3v1h-3zM10 8h1v1h-1zM12 8h1v1h-1z",
  "M15 8h1v1h-1zM17 8h2v1h-2zM20 8h2v1h-2zM23 8h1v1h-1zM26 8h1v1h-1zM28 8h3v1h-3zM32 8h1v1h-1z",
  "M4 9h1v1h-1zM10 9h1v1h-1zM12 9h1v1h-1zM15 9h1v1h-1zM17 9h3v1h-3zM21 9h3v1h-3zM26 9h1v1h-1z",
  "M32 9h1v1h-1zM4 10h7v1h-7zM12 10h1v1h-1zM14 10h1v1h-1zM16 10h1v1h-1zM18 10h1v1h-1zM20 10h1v1h-1z",
  "M22 10h1v1h-1zM24 10h1v1h-1zM26 10h7v1h-7zM12 11h4v1h-4zM18 11h1v1h-1zM21 11h1v1h-1z",
  "M4 12h1v1h-1zM8 12h1v1h-1zM10 12h4v1h-4zM15 12h1v1h-1zM17 12h3v1h-3zM21 12h3v1h-3zM25 12h5v1h-5z",
  "M32 12h1v1h-1zM4 13h1v1h-1zM6 13h4v1h-4zM11 13h1v1h-1zM13 13h2v1h-2zM16 13h1v1h-1zM24 13h3v1h-3z",
  "M28 13h2v1h-2zM31 13h1v1h-1zM6 14h6v1h-6zM14 14h7v1h-7zM24 14h2v1h-2zM27 14h1v1h-1z",
  "M30 14h1v1h-1zM32 14h1v1h-1zM6 15h3v1h-3zM11 15h1v1h-1zM13 15h2v1h-2zM17 15h1v1h-1z",
  "M21 15h2v1h-2zM26 15h1v1h-1zM29 15h1v1h-1zM32 15h1v1h-1zM8 16h3v1h-3zM12 16h1v1h-1z",
  "M14 16h2v1h-2zM17 16h1v1h-1zM21 16h1v1h-1zM23 16h1v1h-1zM25 16h1v1h-1zM28 16h2v1h-2z",
  "M32 16h1v1h-1zM4 17h2v1h-2zM7 17h2v1h-2zM11 17h2v1h-2zM14 17h2v1h-2zM17 17h6v1h-6zM24 17h2v1h-2z",
  "M27 17h2v1h-2zM31 17h1v1h-1zM4 18h2v1h-2zM7 18h1v1h-1zM10 18h1v1h-1zM14 18h1v1h-1zM16 18h1v1h-1z",
  "M19 18h2v1h-2zM25 18h1v1h-1zM27 18h4v1h-4zM32 18h1v1h-1zM4 19h2v1h-2zM8 19h1v1h-1zM11 19h1v1h-1z",
  "M13 19h1v1h-1zM15 19h1v1h-1zM18 19h1v1h-1zM20 19h3v1h-3zM24 19h4v1h-4zM29 19h1v1h-1z",
  "M31 19h2v1h-2zM4 20h1v1h-1zM6 20h1v1h-1zM10 20h3v1h-3zM14 20h2v1h-2zM17 20h2v1h-2zM23 20h1v1h-1z",
  "M25 20h1v1h-1zM27 20h1v1h-1zM32 20h1v1h-1zM4 21h2v1h-2zM7 21h3v1h-3zM11 21h3v1h-3zM20 21h3v1h-3z",
  "M24 21h2v1h-2zM28 21h4v1h-4zM6 22h2v1h-2zM9 22h2v1h-2zM12 22h1v1h-1zM17 22h3v1h-3zM21 22h2v1h-2z",
  "M24 22h5v1h-5zM32 22h1v1h-1zM7 23h2v1h-2zM12 23h2v1h-2zM17 23h1v1h-1zM19 23h1v1h-1z",
  "M21 23h5v1h-5zM27 23h3v1h-3zM31 23h2v1h-2zM4 24h2v1h-2zM7 24h1v1h-1zM10 24h2v1h-2zM13 24h2v1h-2z",
  "M17 24h1v1h-1zM21 24h8v1h-8zM30 24h2v1h-2zM12 25h1v1h-1zM16 25h5v1h-5zM23 25h2v1h-2z",
  "M28 25h2v1h-2zM31 25h1v1h-1zM4 26h7v1h-7zM12 26h3v1h-3zM19 26h1v1h-1zM21 26h2v1h-2z",
  "M24 26h1v1h-1zM26 26h1v1h-1zM28 26h2v1h-2zM32 26h1v1h-1zM4 27h1v1h-1zM10 27h1v1h-1z",
  "M14 27h1v1h-1zM18 27h7v1h-7zM28 27h2v1h-2zM31 27h1v1h-1zM4 28h1v1h-1zM6 28h3v1h-3zM10 28h1v1h-1z",
  "M12 28h1v1h-1zM16 28h3v1h-3zM23 28h6v1h-6zM30 28h1v1h-1zM4 29h1v1h-1zM6 29h3v1h-3zM10 29h1v1h-1z",
  "M13 29h1v1h-1zM17 29h1v1h-1zM20 29h1v1h-1zM23 29h1v1h-1zM25 29h1v1h-1zM29 29h2v1h-2z",
  "M32 29h1v1h-1zM4 30h1v1h-1zM6 30h3v1h-3zM10 30h1v1h-1zM16 30h2v1h-2zM19 30h1v1h-1zM22 30h1v1h-1z",
  "M30 30h3v1h-3zM4 31h1v1h-1zM10 31h1v1h-1zM13 31h4v1h-4zM18 31h1v1h-1zM20 31h2v1h-2z",
  "M24 31h1v1h-1zM26 31h2v1h-2zM29 31h1v1h-1zM31 31h2v1h-2zM4 32h7v1h-7zM12 32h3v1h-3z",
  "M16 32h1v1h-1zM18 32h2v1h-2zM21 32h1v1h-1zM24 32h1v1h-1zM27 32h3v1h-3zM31 32h1v1h-1z",
].join("");

/** The dark modules of an image's path, back as a matrix (quiet zone included). */
function modules(image: { size: number; path: string }): boolean[][] {
  const m = Array.from({ length: image.size }, () => new Array<boolean>(image.size).fill(false));
  for (const [, x, y, w] of image.path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let i = 0; i < Number(w); i++) m[Number(y)]![Number(x) + i] = true;
  }
  return m;
}

/** Error correction level named by the format bits next to the top-left finder (ISO/IEC 18004 §7.9). */
function errorCorrectionLevel(m: boolean[][]): string {
  const q = QR_QUIET_ZONE;
  const cells = [
    [8, 0],
    [8, 1],
    [8, 2],
    [8, 3],
    [8, 4],
    [8, 5],
    [8, 7],
    [8, 8],
    [7, 8],
    [5, 8],
    [4, 8],
    [3, 8],
    [2, 8],
    [1, 8],
    [0, 8],
  ];
  const bits = cells.reduce((acc, [r, c]) => (acc << 1) | Number(m[r! + q]![c! + q]), 0) ^ 0b101010000010010;
  return ["M", "L", "H", "Q"][bits >> 13]!;
}

describe("deposit QR code (uqr)", () => {
  it("draws a TRON address exactly as before: version 3, level M, quiet zone of 4", () => {
    const image = qrImage(ADDRESS);
    expect(image.size).toBe(29 + 2 * 4);
    expect(image.path).toBe(ADDRESS_PATH);
  });

  it.each(["TJRabPrwbZy45sbavfcjinPJC18kjpRTv8", ADDRESS])(
    "encodes %s at level M in version 3 with finders in three corners",
    (address) => {
      const image = qrImage(address);
      // 34 bytes need version 3 (29 modules) at level M; level L would fit version 2 (25), Q version 4 (33).
      expect(image.size).toBe(37);
      const m = modules(image);
      expect(errorCorrectionLevel(m)).toBe("M");
      for (const [r, c] of [
        [4, 4],
        [4, 26],
        [26, 4],
      ]) {
        expect([0, 1, 2, 3, 4, 5, 6].map((i) => m[r! + 3]![c! + i])).toEqual([
          true,
          false,
          true,
          true,
          true,
          false,
          true,
        ]);
      }
      // The quiet zone stays light.
      expect(m.slice(0, 4).flat().some(Boolean)).toBe(false);
      expect(
        m
          .map((row) => row.slice(0, 4))
          .flat()
          .some(Boolean),
      ).toBe(false);
      expect(m.slice(-4).flat().some(Boolean)).toBe(false);
      expect(
        m
          .map((row) => row.slice(-4))
          .flat()
          .some(Boolean),
      ).toBe(false);
    },
  );

  it("chooses the smallest version for the text's length", () => {
    expect(qrImage("hello").size).toBe(21 + 8);
    expect(qrImage("hello").path.startsWith("M4 4h7v1h-7z")).toBe(true);
    expect(qrImage("https://example.com/abc").size).toBe(25 + 8);
    expect(qrImage("x".repeat(60)).size).toBe(33 + 8);
  });
});
