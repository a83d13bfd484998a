import crypto from "node:crypto";
import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { createBase58check } from "@scure/base";
import { AppError } from "../lib/errors.ts";

/**
 * TRON addresses: 0x41 followed by the last 20 bytes of keccak256 of the
 * uncompressed secp256k1 public key (without its 0x04 prefix), written in base58check
 * (4-byte double-SHA256 checksum). A wrong address here means funds sent where nobody can
 * spend them, so every parser below refuses anything that is not exactly that shape.
 */

const TRON_PREFIX = 0x41;
const ADDRESS_BYTES = 21;
const base58check = createBase58check(sha256);

/** The base58check address of a 33-byte compressed or 65-byte uncompressed secp256k1 public key. */
export function tronAddressFromPublicKey(pubkey: Uint8Array): string {
  if (pubkey.length !== 33 && pubkey.length !== 65) {
    throw new AppError("VALIDATION", "A secp256k1 public key has 33 (compressed) or 65 (uncompressed) bytes.");
  }
  // Node's OpenSSL decompresses the point and, for either form, refuses bytes that are not a
  // point on the curve, so a corrupted key can never turn into a plausible-looking address.
  // (@noble/curves would do the same, but it is only a transitive dependency of @scure/bip32.)
  let uncompressed: Buffer;
  try {
    uncompressed = crypto.ECDH.convertKey(pubkey, "secp256k1", undefined, undefined, "uncompressed") as Buffer;
  } catch {
    throw new AppError("VALIDATION", "Not a valid secp256k1 public key.");
  }
  const hash = keccak_256(uncompressed.subarray(1));
  const payload = new Uint8Array(ADDRESS_BYTES);
  payload[0] = TRON_PREFIX;
  payload.set(hash.subarray(hash.length - 20), 1);
  return base58check.encode(payload);
}

/** The 21 address bytes of a base58check TRON address, or undefined when it is not one. */
function decodeTronAddress(address: string): Uint8Array | undefined {
  try {
    const bytes = base58check.decode(address);
    return bytes.length === ADDRESS_BYTES && bytes[0] === TRON_PREFIX ? bytes : undefined;
  } catch {
    // Bad alphabet or bad checksum.
    return undefined;
  }
}

/** True for a checksummed base58 TRON mainnet address (21 bytes, first byte 0x41). */
export function isTronAddress(value: string): boolean {
  return typeof value === "string" && decodeTronAddress(value) !== undefined;
}

/** A base58 TRON address as lowercase hex with the 41 prefix ("41" + 40 hex digits). */
export function tronAddressToHex(address: string): string {
  const bytes = decodeTronAddress(address);
  if (!bytes) throw new AppError("VALIDATION", "Not a TRON address.");
  return bytesToHex(bytes);
}

/**
 * The base58 address of a hex TRON address. TronGrid answers with "41…" (21 bytes) from some
 * endpoints and with EVM-style "0x…" (20 bytes, prefix implied) from event logs; both are
 * accepted, as are "0x41…" and bare 40-digit hex (ABI-decoded values). Anything else is
 * refused rather than guessed at.
 */
export function tronHexToAddress(hex: string): string {
  const digits = hex.trim().replace(/^0x/i, "").toLowerCase();
  if (!/^[0-9a-f]*$/.test(digits)) throw new AppError("VALIDATION", "Not a hex TRON address.");
  let body: string;
  if (digits.length === 40) body = digits;
  else if (digits.length === 42 && digits.startsWith("41")) body = digits.slice(2);
  else throw new AppError("VALIDATION", "Not a hex TRON address.");
  const payload = new Uint8Array(ADDRESS_BYTES);
  payload[0] = TRON_PREFIX;
  payload.set(hexToBytes(body), 1);
  return base58check.encode(payload);
}

/**
 * Any spelling TronGrid uses (base58 "T…", 0x-prefixed 20-byte hex, 41-prefixed 21-byte hex)
 * as the canonical base58 address; null when the value is none of them.
 */
export function toTronBase58(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (text.startsWith("T")) return isTronAddress(text) ? text : null;
  try {
    return tronHexToAddress(text);
  } catch {
    return null;
  }
}
