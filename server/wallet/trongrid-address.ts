import { createBase58check, hex } from "@scure/base";
import { sha256 } from "@noble/hashes/sha2.js";

// Private to the deposit watcher: TronGrid answers with addresses in any of three spellings,
// and we compare and store them as base58. (The wallet's own helpers live in tron-address.ts.)
const base58check = createBase58check(sha256);
const PREFIX = 0x41;

/** TRON base58 address (base58check of 0x41 ‖ 20 bytes) from the 20-byte account id. */
export function tronAddressFromBytes(account: Uint8Array): string {
  if (account.length !== 20) throw new Error("A TRON account id is 20 bytes.");
  const payload = new Uint8Array(21);
  payload[0] = PREFIX;
  payload.set(account, 1);
  return base58check.encode(payload);
}

/**
 * Any spelling TronGrid uses — base58 ("T…"), 0x-prefixed 20-byte hex, or 41-prefixed
 * 21-byte hex (with or without 0x) — as the canonical base58 address; null when it is none.
 */
export function toTronBase58(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(text)) {
    try {
      const bytes = base58check.decode(text);
      return bytes.length === 21 && bytes[0] === PREFIX ? text : null;
    } catch {
      return null;
    }
  }
  const bare = text.replace(/^0x/i, "").toLowerCase();
  if (/^[0-9a-f]{40}$/.test(bare)) return tronAddressFromBytes(hex.decode(bare));
  if (/^41[0-9a-f]{40}$/.test(bare)) return tronAddressFromBytes(hex.decode(bare.slice(2)));
  return null;
}

/** The 41-prefixed hex spelling of a base58 address (what TronGrid itself calls "hex"). */
export function tronAddressToHex(address: string): string {
  return hex.encode(base58check.decode(address));
}
