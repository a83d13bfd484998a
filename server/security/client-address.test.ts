import { describe, expect, it } from "vitest";
import { rateLimitAddress } from "./client-address.ts";

describe("rateLimitAddress", () => {
  it("keys IPv4 by the whole address, IPv4-mapped IPv6 as the IPv4 address", () => {
    expect(rateLimitAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitAddress("::FFFF:203.0.113.7")).toBe("203.0.113.7");
  });

  it("keys IPv6 by its /64, however the address is written", () => {
    const key = "2001:db8:abcd:12::/64";
    expect(rateLimitAddress("2001:db8:abcd:12::1")).toBe(key);
    expect(rateLimitAddress("2001:0db8:abcd:0012:ffff:ffff:ffff:ffff")).toBe(key);
    expect(rateLimitAddress("2001:db8:abcd:12:1:2:3:4")).toBe(key);
    expect(rateLimitAddress("2001:DB8:ABCD:12::1%eth0")).toBe(key);
    // Another /64 of the same customer is another key.
    expect(rateLimitAddress("2001:db8:abcd:13::1")).toBe("2001:db8:abcd:13::/64");
    expect(rateLimitAddress("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitAddress("fe80::1")).toBe("fe80:0:0:0::/64");
  });

  it("leaves what is not an address as it is", () => {
    expect(rateLimitAddress("unknown")).toBe("unknown");
  });
});
