import { describe, expect, it } from "vitest";
import { isValidHost, malformedHeader, TARGET_MESSAGES, unreadableTarget } from "./request-guard.ts";

describe("isValidHost", () => {
  it("accepts names, IPv4 and bracketed IPv6 literals, with a port", () => {
    for (const host of [
      "example.com",
      "localhost:3000",
      "127.0.0.1:8080",
      "[::1]:3000",
      "[2001:db8::1]",
      "a-b.example.co.uk",
    ]) {
      expect(isValidHost(host), host).toBe(true);
    }
  });

  it("refuses what would make a URL parser throw or read another host", () => {
    for (const host of [
      "[",
      "]",
      "[::1",
      "[nothost]",
      "",
      " ",
      "a b",
      "evil.example/path",
      "evil.example?x",
      "evil.example#x",
      "user@evil.example",
      "evil.example:99999",
      "evil.example:",
      "-evil.example",
      "evil.example\\x",
      "%65vil.example",
      "evil.example:80:80",
    ]) {
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

describe("unreadableTarget: control characters and broken encoding in the path or query", () => {
  it("refuses a control character anywhere once decoded: path, query name or value, raw or encoded", () => {
    for (const url of [
      "/%00",
      "/blog/%00",
      "/blog/a%00b",
      "/admin/audit-log?who=%00",
      "/admin/audit-log?action=%00&target=x",
      "/admin/search?q=ab%00",
      "/reset-password?token=%00",
      "/blog?q=%01",
      "/blog?q=%7F",
      "/blog?q=%C2%85",
      "/blog?q=%09",
      "/blog?q=a%0Ab",
      "/blog?%00=x",
      "/pricing?a=1&b=%1B",
      "/x\u0000",
      "/?q=\u0001",
    ]) {
      expect(unreadableTarget(url), url).toBe("control");
    }
  });

  it("refuses a path that is not valid percent-encoding", () => {
    for (const url of ["/%", "/%E0%A4%A", "/%FF%FE", "/blog/%zz", "/a%2"])
      expect(unreadableTarget(url), url).toBe("encoding");
  });

  it("lets ordinary targets through, the query read as routes read it", () => {
    for (const url of [
      "/",
      "*",
      "/blog/risk-rules-2027",
      "/blog?q=risk+rules&page=2",
      "/admin/audit-log?who=ada%40example.com",
      "/blog?q=%25",
      "/blog?q=100%",
      "/blog?q=%E0",
      "/caf%C3%A9?q=%F0%9F%98%80",
      "/a%2Fb",
    ]) {
      expect(unreadableTarget(url), url).toBeNull();
    }
    expect(TARGET_MESSAGES).toEqual({
      encoding: "The address is not valid percent-encoding.",
      control: "The address contains characters that are not allowed.",
    });
  });
});
