import { encode } from "uqr";
import type { QrImage } from "~/lib/view-types/member";

/** Modules of light margin the standard asks for around the symbol. */
export const QR_QUIET_ZONE = 4;

/** Error correction level of the deposit QR code: M, about 15% of the symbol may be lost. */
export const QR_ERROR_CORRECTION = "M";

/**
 * A QR code of `text` (encoded by uqr, smallest version that holds it, level M) as data for an
 * inline SVG: small, no image request, nothing for the CSP to allow.
 */
export function qrImage(text: string): QrImage {
  const { size, data } = encode(text, { ecc: QR_ERROR_CORRECTION, border: QR_QUIET_ZONE });
  return { size, path: matrixPath(data) };
}

/** The matrix (quiet zone included, true = dark) as one path of horizontal runs. */
function matrixPath(matrix: readonly (readonly boolean[])[]): string {
  const parts: string[] = [];
  matrix.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) {
      if (!row[c]) continue;
      let end = c;
      while (end + 1 < row.length && row[end + 1]) end++;
      const length = end - c + 1;
      parts.push(`M${c} ${r}h${length}v1h-${length}z`);
      c = end;
    }
  });
  return parts.join("");
}
