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
  });

  it("names the region", () => {
    expect(countryName("DE")).toBe("Germany");
    expect(countryName("JP")).toBe("Japan");
    expect(countryName(null)).toBeNull();
  });
});
