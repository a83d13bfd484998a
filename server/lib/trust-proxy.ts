import net from "node:net";

/** What Express's `trust proxy` setting accepts from us: a hop count, or proxy addresses. */
export type TrustProxy = false | number | string[];

// Names Express (proxy-addr) knows for address ranges.
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * Reads TRUST_PROXY. A bare `true` would make Express believe the leftmost X-Forwarded-For
 * entry, which the client writes itself: every rate limit could then be dodged by sending a new
 * address each time. So only a hop count (how many proxies stand in front of us) or the
 * proxies' own addresses/CIDRs are accepted. Returns an error message, or the setting.
 */
export function parseTrustProxy(value: string | undefined): { value: TrustProxy } | { error: string } {
  const text = value?.trim().toLowerCase();
  // "1" is a hop count, not true: one proxy in front of us.
  if (!text || text === "false" || text === "0" || text === "no") return { value: false };
  if (text === "true" || text === "yes") {
    return {
      error:
        'must be a hop count (e.g. 1) or proxy addresses (e.g. "loopback, 10.0.0.0/8"), not true: ' +
        "true would trust any client-written X-Forwarded-For",
    };
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 10 ? { value: hops } : { error: "must be a hop count from 0 to 10, or proxy addresses" };
  }
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => !NAMED_RANGES.has(entry) && !isAddressOrCidr(entry));
  if (bad !== undefined) return { error: "must be a hop count or a comma-separated list of proxy addresses or CIDRs" };
  return { value: entries };
}

function isAddressOrCidr(entry: string) {
  const [address = "", prefix, ...rest] = entry.split("/");
  if (rest.length > 0) return false;
  const family = net.isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}
