import net from "node:net";
import { expandIPv6 } from "../../security/client-address.ts";

/**
 * The part of a client address that names "where" a device signs in from: an IPv4
 * /24 or an IPv6 /48, the block a household or a mobile carrier hands out. Used for the
 * new-device key and shown masked in the device list (the rest of the address never is).
 * IPv4-mapped IPv6 addresses count as the IPv4 address they carry. Null when there is none.
 */
export function addressPrefix(address: string | null | undefined): string | null {
  if (!address) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const plain = mapped ? mapped[1]! : address;
  if (net.isIPv4(plain)) return `${plain.split(".").slice(0, 3).join(".")}.x`;
  if (net.isIPv6(plain)) return `${expandIPv6(plain).slice(0, 3).join(":")}:x`;
  return null;
}

const regions = new Intl.DisplayNames(["en"], { type: "region" });

/** A two-letter country code as the proxy reported it, checked; null for anything else ("XX", "T1", junk). */
export function countryCode(value: string | null | undefined): string | null {
  const code = value?.trim().toUpperCase();
  if (!code || !/^[A-Z]{2}$/.test(code) || code === "XX" || code === "ZZ") return null;
  return code;
}

/** "Germany" for "DE"; null when the code names no region. */
export function countryName(code: string | null | undefined): string | null {
  if (!code) return null;
  try {
    const name = regions.of(code);
    return name && name !== code ? name : null;
  } catch {
    return null;
  }
}
