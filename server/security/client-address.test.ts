import { describe, expect, it } from "vitest";
import { clientAddressKey, rateLimitAddress } from "./client-address.ts";

describe("rateLimitAddress", () => {
  it("keys IPv4 by the whole address, IPv4-mapped IPv6 as the IPv4 address", () => {
    expect(rateLimitAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitAddress("::FFFF:203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitAddress("::ffff:192.168.100.200")).toBe("192.168.100.200");
  });

  it("keys an IPv6 address that merely ends in ::ffff:a.b.c.d by its /64, not as that IPv4 address", () => {
    // Not IPv4-mapped: anyone in 2001:db8::/64 could otherwise pose as 192.0.2.1's counter, or
    // spread over the whole IPv4 space.
    expect(rateLimitAddress("2001:db8::ffff:192.0.2.1")).toBe("2001:db8:0:0::/64");
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
    // A network address: "::" at the very end.
    expect(rateLimitAddress("2001:db8::")).toBe("2001:db8:0:0::/64");
  });

  it('counts the groups right of "::" to know how many zero groups it stands for', () => {
    // Eight groups, "::" standing for the one zero group: 2001:db8:0:1:2:3:4:5.
    expect(rateLimitAddress("2001:db8::1:2:3:4:5")).toBe("2001:db8:0:1::/64");
    expect(rateLimitAddress("2001:db8:0:1:2:3:4:5")).toBe("2001:db8:0:1::/64");
  });

  it("reads an embedded IPv4 tail as the last two groups, however the rest is written", () => {
    for (const written of [
      "2001:db8:0:1:0:0:c000:201",
      "2001:db8::1:0:0:192.0.2.1",
      "2001:db8:0:1:0:0:192.0.2.1",
      "2001:db8:0:1::192.0.2.1",
    ]) {
      expect(rateLimitAddress(written), written).toBe("2001:db8:0:1::/64");
    }
    // The NAT64 prefix: IPv4 hosts reached through a translator share 64:ff9b::/64.
    expect(rateLimitAddress("64:ff9b::192.0.2.33")).toBe("64:ff9b:0:0::/64");
  });

  it("ignores the zone id of a link-local address, dots in a VLAN interface name included", () => {
    expect(rateLimitAddress("fe80::a00:27ff:fe4e:66a1%eth0.100")).toBe("fe80:0:0:0::/64");
    expect(rateLimitAddress("fe80::a00:27ff:fe4e:66a1%eth0")).toBe("fe80:0:0:0::/64");
  });

  it("leaves what is not an address as it is", () => {
    expect(rateLimitAddress("unknown")).toBe("unknown");
    // Something after a mapped address: not an address, so not 192.0.2.1's counter either.
    expect(rateLimitAddress("::ffff:192.0.2.1junk")).toBe("::ffff:192.0.2.1junk");
  });
});

describe("clientAddressKey: the one key of every per-address limit", () => {
  it("names what is limited and the address as the limits group it (IPv6 by /64)", () => {
    expect(clientAddressKey("sign-in", "203.0.113.7")).toBe("sign-in:ip:203.0.113.7");
    expect(clientAddressKey("sign-in", "::ffff:203.0.113.7")).toBe("sign-in:ip:203.0.113.7");
    expect(clientAddressKey("staff-invitation", "2001:db8::1")).toBe("staff-invitation:ip:2001:db8:0:0::/64");
    expect(clientAddressKey("staff-invitation", "2001:db8::2")).toBe(
      clientAddressKey("staff-invitation", "2001:db8::1"),
    );
    expect(clientAddressKey("contact", "2001:db8:0:1::1")).not.toBe(clientAddressKey("contact", "2001:db8::1"));
    expect(clientAddressKey("contact", "203.0.113.7")).not.toBe(clientAddressKey("newsletter", "203.0.113.7"));
  });
});
