import net from "node:net";

/**
 * The part of a client address that rate limits count against. An IPv6 subscriber is usually
 * given a whole /64 and can pick any address in it, so a per-address limit keyed on the full
 * address would be no limit at all: IPv6 addresses are keyed by their /64 prefix. IPv4-mapped
 * IPv6 addresses (::ffff:1.2.3.4, as Node reports IPv4 clients on a dual-stack socket) count as
 * the IPv4 address they carry.
 */
export function rateLimitAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (net.isIPv6(address)) return `${expandIPv6(address).slice(0, 4).join(":")}::/64`;
  return address;
}

/**
 * The one key every per-address rate limit counts on: `scope` (what is limited, e.g. "sign-in")
 * and the client's address as rateLimitAddress groups it. A limit keyed on the raw address would
 * let an IPv6 client step through its /64 and never be counted twice.
 */
export function clientAddressKey(scope: string, clientIp: string): string {
  return `${scope}:ip:${rateLimitAddress(clientIp)}`;
}

/** The eight 16-bit groups of an IPv6 address, in lowercase without leading zeros. */
export function expandIPv6(address: string): string[] {
  const zone = address.indexOf("%");
  const plain = zone === -1 ? address : address.slice(0, zone);
  const [head = "", tail] = plain.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  // A trailing embedded IPv4 address takes two groups.
  const last = right.length ? right : left;
  const ipv4 = last.length && last[last.length - 1]!.includes(".") ? last.pop()! : undefined;
  if (ipv4) {
    const [a, b, c, d] = ipv4.split(".").map(Number) as [number, number, number, number];
    last.push(((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((group) => parseInt(group, 16).toString(16));
}
