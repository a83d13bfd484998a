import crypto from "node:crypto";

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * Turns a page rendered with the cache's stand-in nonce into bytes that can be served as they
 * are, again and again: the stand-in is removed and the page's own inline scripts are named
 * by their SHA-256 hashes instead (a cached page cannot carry a fresh nonce). Only scripts
 * that carried the stand-in, i.e. the ones React Router rendered, are hashed, so markup that
 * slipped into content cannot get a script allowed. Returns null when the stand-in shows up
 * anywhere else, or a script could not be hashed as the browser will (the page is then not cached).
 */
export function sealCachedPage(html: string, standIn: string): { html: string; scriptHashes: string[] } | null {
  const marker = `nonce="${standIn}"`;
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(SCRIPT)) {
    if (!attributes!.includes(marker) || /\bsrc\s*=/i.test(attributes!)) continue;
    // The HTML parser turns CR and CR LF into LF and NUL into U+FFFD before the browser hashes
    // the script: a body with either would not match its hash. React Router never writes them.
    if (/[\r\0]/.test(body!)) return null;
    // The browser hashes the element's text exactly as sent, UTF-8 encoded.
    hashes.add(`'sha256-${crypto.createHash("sha256").update(body!, "utf8").digest("base64")}'`);
  }
  const sealed = html.replaceAll(` ${marker}`, "");
  if (sealed.includes(standIn)) return null;
  return { html: sealed, scriptHashes: [...hashes] };
}
