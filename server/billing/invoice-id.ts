import crypto from "node:crypto";

/** RFC 4648 base32 alphabet (upper case, no 0/1/8/9), easy to read out and type. */
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const RANDOM_CHARS = 8;

/**
 * A new invoice id, `INV-YYYYMMDD-XXXXXXXX`: the UTC issue date, then 8 random base32
 * characters from the CSPRNG (40 bits, so a collision within a day is negligible; the unique
 * index on billing_history.invoice_id is the backstop, and callers retry on a violation).
 */
export function newInvoiceId(issueDate: Date = new Date()): string {
  const ymd = issueDate.toISOString().slice(0, 10).replaceAll("-", "");
  const bytes = crypto.randomBytes(RANDOM_CHARS);
  let random = "";
  // 256 is a multiple of 32, so taking each byte modulo 32 is unbiased.
  for (const byte of bytes) random += ALPHABET[byte % 32];
  return `INV-${ymd}-${random}`;
}

export const INVOICE_ID_PATTERN = /^INV-\d{8}-[A-Z2-7]{6,}$/;
