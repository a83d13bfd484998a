import { describe, expect, it } from "vitest";
import { addressPrefix, countryCode, countryName } from "./device-address";

describe("addressPrefix", () => {
  it("keeps an IPv4 /24 and an IPv6 /48, never the whole address", () => {
    expect(addressPrefix("203.0.113.45")).toBe("203.0.113.x");
    expect(addressPrefix("::ffff:198.51.100.7")).toBe("198.51.100.x");
    expect(addressPrefix("2001:db8:85a3:1234::8a2e:370:7334")).toBe("2001:db8:85a3:x");
    expect(addressPrefix("2001:0DB8::1")).toBe("2001:db8:0:x");
    expect(addressPrefix("::1")).toBe("0:0:0:x");
  });

  it("reads an IPv4-mapped address as its IPv4 address whatever its last number, and nothing else as one", () => {
    // A last number of two or three digits is still the IPv4 block, not the IPv6 block ::ffff:….
    expect(addressPrefix("::FFFF:198.51.100.77")).toBe("198.51.100.x");
    // An IPv6 address that merely contains "::ffff:a.b.c.d" after other groups is an IPv6 address.
    expect(addressPrefix("64:ff9b::ffff:192.0.2.1")).toBe("64:ff9b:0:x");
    // Anything after the IPv4 part makes it no address at all.
    expect(addressPrefix("::ffff:192.0.2.1x")).toBeNull();
  });

  it("answers null without an address", () => {
    expect(addressPrefix(null)).toBeNull();
    expect(addressPrefix("")).toBeNull();
    expect(addressPrefix("unknown")).toBeNull();
  });
});

describe("countryCode and countryName", () => {
  it("accepts two letters only", () => {
    expect(countryCode(" de ")).toBe("DE");
    expect(countryCode("XX")).toBeNull();
    expect(countryCode("T1")).toBeNull();
    expect(countryCode("<b>")).toBeNull();
    expect(countryCode(undefined)).toBeNull();
    // Three letters (ISO alpha-3, or junk around two letters) are not a country code.
    expect(countryCode("DEU")).toBeNull();
    expect(countryCode("xDE")).toBeNull();
  });

  it('refuses ZZ, the code proxies send for an unknown country (it would read "Unknown Region")', () => {
    expect(countryCode("ZZ")).toBeNull();
    expect(countryCode("zz")).toBeNull();
  });

  it("names the region in English", () => {
    expect(countryName("DE")).toBe("Germany");
    expect(countryName("JP")).toBe("Japan");
    expect(countryName(null)).toBeNull();
  });

  it("answers null, never the code itself, for a code that names no region", () => {
    // Two letters no region has: Intl answers the code back.
    expect(countryName("AA")).toBeNull();
    // Not a region code at all: Intl throws, and the answer is still null.
    expect(countryName("ABC")).toBeNull();
    expect(countryName("")).toBeNull();
  });
});
