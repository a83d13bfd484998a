import { encodeQr, type QrMatrix } from "./encode-qr.ts";

/** Modules of light margin the standard asks for around the symbol. */
export const QR_QUIET_ZONE = 4;

export type QrImage = {
  /** Width and height in modules, margin included: the SVG's viewBox is `0 0 size size`. */
  size: number;
  /** One SVG path of every dark module (horizontal runs merged), already offset by the margin. */
  path: string;
};

/** A QR code of `text` as data for an inline SVG: small, no image request, nothing for the CSP to allow. */
export function qrImage(text: string): QrImage {
  const matrix = encodeQr(text);
  return { size: matrix.length + 2 * QR_QUIET_ZONE, path: matrixPath(matrix) };
}

function matrixPath(matrix: QrMatrix): string {
  const parts: string[] = [];
  matrix.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) {
      if (!row[c]) continue;
      let end = c;
      while (end + 1 < row.length && row[end + 1]) end++;
      const length = end - c + 1;
      parts.push(`M${c + QR_QUIET_ZONE} ${r + QR_QUIET_ZONE}h${length}v1h-${length}z`);
      c = end;
    }
  });
  return parts.join("");
}
