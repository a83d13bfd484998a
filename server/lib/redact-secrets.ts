/**
 * Last-line scrubbers for text that leaves the process (log lines, configuration errors). They
 * do not replace care at the call site – nothing should hand a key or a reset link to a log in
 * the first place – but they make one slip harmless.
 */

/**
 * A BIP32 extended key as base58: xprv/xpub, tprv/tpub (testnet) and the y/z/u/v/Y/Z/U/V
 * variants wallets export. A private one spends every deposit; a public one maps every member
 * to their deposit addresses (their balances become public on-chain). Eight base58 characters
 * after the prefix are enough to count: a key cut short by a copy-paste still leaks part of it,
 * and prose such as "xpub…" or "TRON_XPUB" does not match.
 */
const EXTENDED_KEY = /\b[tuvxyzTUVXYZ](?:prv|pub)[1-9A-HJ-NP-Za-km-z]{8,}/g;

/** Replaces every extended-key-looking string in `text`. */
export function redactExtendedKeys(text: string): string {
  return text.replace(EXTENDED_KEY, "[redacted extended key]");
}

/** True when `text` holds something that looks like an extended key. */
export function containsExtendedKey(text: string): boolean {
  return new RegExp(EXTENDED_KEY.source).test(text);
}

/**
 * Single-use secrets carried in links: `?token=` / `&token=` (password reset, newsletter) and
 * Better Auth's `/reset-password/<token>` path. The value stops at the next delimiter, quote or
 * JSON escape, so the rest of a log line survives.
 */
const QUERY_TOKEN = /([?&]token=)[^&#"\s\\]+/g;
const RESET_PATH_TOKEN = /(\/reset-password\/)[^/?#"\s\\]+/g;

/** Replaces the token of every reset or newsletter link in `text`. */
export function redactLinkTokens(text: string): string {
  return text.replace(QUERY_TOKEN, "$1[redacted]").replace(RESET_PATH_TOKEN, "$1[redacted]");
}
