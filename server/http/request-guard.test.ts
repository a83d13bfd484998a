import { describe, expect, it } from "vitest";
import { isValidHost, malformedHeader } from "./request-guard.ts";

describe("isValidHost", () => {
  it("accepts names, IPv4 and bracketed IPv6 literals, with a port", () => {
    for (const host of ["example.com", "localhost:3000", "127.0.0.1:8080", "[::1]:3000", "[2001:db8::1]", "a-b.example.co.uk"]) {
      expect(isValidHost(host), host).toBe(true);
    }
  });

  it("refuses what would make a URL parser throw or read another host", () => {
    for (const host of ["[", "]", "[::1", "[nothost]", "", " ", "a b", "evil.example/path", "evil.example?x", "evil.example#x", "user@evil.example", "evil.example:99999", "evil.example:", "-evil.example", "evil.example\\x", "%65vil.example", "evil.example:80:80"]) {
      expect(isValidHost(host), JSON.stringify(host)).toBe(false);
    }
  });
});

describe("malformedHeader", () => {
  const ok = { host: "signals.example" };
  it("names the bad header", () => {
    expect(malformedHeader(ok)).toBeNull();
    expect(malformedHeader({})).toBe("Host");
    expect(malformedHeader({ host: "[" })).toBe("Host");
    expect(malformedHeader({ ...ok, "x-forwarded-proto": "x y" })).toBe("X-Forwarded-Proto");
    expect(malformedHeader({ ...ok, "x-forwarded-proto": "https, http" })).toBeNull();
    expect(malformedHeader({ ...ok, "x-forwarded-host": "good.example, [" })).toBe("X-Forwarded-Host");
    expect(malformedHeader({ ...ok, "x-forwarded-for": "203.0.113.9, not-an-ip" })).toBe("X-Forwarded-For");
    expect(malformedHeader({ ...ok, "x-forwarded-for": "203.0.113.9, 2001:db8::7" })).toBeNull();
  });
});
