import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

const siteOrigin = "https://site.example";

describe("safeRedirect", () => {
  // Each of these, honoured as a Location, could leave the site (or smuggle a header): all fall
  // back to the dashboard.
  it.each([
    ["protocol-relative", "//evil.example"],
    ["triple slash", "///evil.example"],
    ["slash backslash", "/\\evil.example"],
    ["double backslash", "\\\\evil.example"],
    ["backslash in the query", "/dashboard?next=\\evil.example"],
    ["encoded tab", "/%09/evil.example"],
    ["raw tab", "/\t/evil.example"],
    ["encoded newline", "/%0a/evil.example"],
    ["encoded CRLF header injection", "/dashboard%0d%0aSet-Cookie:%20x=1"],
    ["raw CRLF header injection", "/dashboard\r\nLocation: //evil.example"],
    ["encoded NUL", "/%00/evil.example"],
    ["raw NUL", "/dash\u0000board"],
    ["encoded DEL", "/%7F/evil.example"],
    ["encoded backslash (upper)", "/%5C/evil.example"],
    ["encoded backslash (lower)", "/%5c/evil.example"],
    ["encoded slash", "/%2F/evil.example"],
    ["dot segment to //", "/.//evil.example"],
    ["dot-dot segment to //", "/x/../..//evil.example"],
    ["encoded dot-dot to //", "/%2e%2e//evil.example"],
    ["leading space", " //evil.example"],
    ["absolute URL elsewhere", "https://evil.example"],
    ["look-alike host", "https://site.example.evil.example/dashboard"],
    ["same host, other scheme", "http://site.example/dashboard"],
    ["scheme without slashes", "http:evil.example"],
    ["credentials then host", "//evil.example@site.example"],
    ["credentials on our own origin", "https://user:pass@site.example/dashboard"],
    ["javascript:", "javascript:alert(1)"],
    ["data:", "data:text/html,<script>alert(1)</script>"],
    ["empty", ""],
  ])("refuses %s (%j)", (_why, target) => {
    expect(safeRedirect(target, { siteOrigin })).toBe("/dashboard");
  });

  it.each([undefined, null, 42, ["/dashboard?tab=billing"], { pathname: "/x" }])(
    "refuses a non-string %j",
    (target) => {
      expect(safeRedirect(target, { siteOrigin })).toBe("/dashboard");
    },
  );

  it.each([
    ["/dashboard?tab=billing", "/dashboard?tab=billing"],
    ["/blog/x#y", "/blog/x#y"],
    ["/dashboard", "/dashboard"],
    ["/results?q=%2Fblog", "/results?q=%2Fblog"],
    // Our own absolute address is reduced to its path: the Location never names a host.
    ["https://site.example/dashboard?tab=billing#top", "/dashboard?tab=billing#top"],
  ])("keeps %j", (target, expected) => {
    expect(safeRedirect(target, { siteOrigin })).toBe(expected);
  });

  it("refuses an absolute URL when the site origin is not given", () => {
    expect(safeRedirect("https://site.example/dashboard")).toBe("/dashboard");
    expect(safeRedirect("/dashboard?tab=billing")).toBe("/dashboard?tab=billing");
  });

  it("falls back to the caller's default", () => {
    expect(safeRedirect("//evil.example", { siteOrigin, fallback: "/" })).toBe("/");
  });
});
