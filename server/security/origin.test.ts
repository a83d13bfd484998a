import { describe, expect, it } from "vitest";
import { publicUrlPerTest } from "../../tests/helpers/env.ts";
import { assertSameOrigin, crossSiteRefusal } from "./origin.ts";

const usePublicUrl = publicUrlPerTest();

const post = (url: string, origin?: string, fetchSite?: string) =>
  new Request(url, {
    method: "POST",
    headers: {
      ...(origin === undefined ? {} : { origin }),
      ...(fetchSite === undefined ? {} : { "sec-fetch-site": fetchSite }),
    },
  });
const refused = { code: "FORBIDDEN", message: "Cross-site request refused." };

describe("assertSameOrigin", () => {
  it("without PUBLIC_URL, compares scheme, host and port with the request's own origin", () => {
    usePublicUrl(undefined);
    expect(() => assertSameOrigin(post("http://localhost:3000/api/contact", "http://localhost:3000"))).not.toThrow();
    expect(() => assertSameOrigin(post("http://localhost:3000/api/contact"))).not.toThrow();
    for (const origin of [
      "http://localhost:4000",
      "https://localhost:3000",
      "http://evil.example",
      "null",
      "not a url",
      "http://localhost:3000.evil.example",
    ]) {
      expect(() => assertSameOrigin(post("http://localhost:3000/api/contact", origin)), origin).toThrow(
        expect.objectContaining(refused),
      );
    }
  });

  it("with PUBLIC_URL, accepts only that origin, whatever Host the request came with", () => {
    usePublicUrl("https://signals.example");
    expect(() => assertSameOrigin(post("http://10.0.0.5:3000/api/contact", "https://signals.example"))).not.toThrow();
    for (const origin of [
      "http://signals.example",
      "https://signals.example:8443",
      "http://10.0.0.5:3000",
      "https://evil.example",
    ]) {
      expect(() => assertSameOrigin(post("http://10.0.0.5:3000/api/contact", origin)), origin).toThrow(
        expect.objectContaining(refused),
      );
    }
  });

  it("refuses Origin: null (sandboxed frames, file: pages) rather than treating it as no Origin", () => {
    usePublicUrl("https://signals.example");
    expect(() => assertSameOrigin(post("https://signals.example/api/contact", "null"))).toThrow(
      expect.objectContaining(refused),
    );
  });

  it("compares the port of a PUBLIC_URL on a non-default port; the default port written out is the same origin", () => {
    usePublicUrl("https://signals.example:8443");
    expect(() =>
      assertSameOrigin(post("https://signals.example:8443/api/contact", "https://signals.example:8443")),
    ).not.toThrow();
    for (const origin of ["https://signals.example", "https://signals.example:443", "https://signals.example:9443"]) {
      expect(() => assertSameOrigin(post("https://signals.example:8443/api/contact", origin)), origin).toThrow(
        expect.objectContaining(refused),
      );
    }
    usePublicUrl("https://signals.example");
    expect(() =>
      assertSameOrigin(post("https://signals.example/api/contact", "https://signals.example:443")),
    ).not.toThrow();
  });

  describe("Sec-Fetch-Site, with and without Origin", () => {
    // Every value a browser sends, absent, and what no browser sends (a different case, junk, empty).
    const FETCH_SITES = [
      undefined,
      "same-origin",
      "none",
      "same-site",
      "cross-site",
      "Cross-Site",
      "same-origin, cross-site",
      "bogus",
      "",
    ];
    const ownFetchSite = (value: string | undefined) =>
      value === undefined || value === "same-origin" || value === "none";
    // With PUBLIC_URL and without it (the request's own origin is then the site's).
    const SITES = [
      { publicUrl: "https://signals.example", url: "https://signals.example/signin", own: "https://signals.example" },
      { publicUrl: undefined, url: "http://localhost:3000/signin", own: "http://localhost:3000" },
    ];

    it.each(SITES)(
      "accepts only the site's own pages and the user's own navigation (PUBLIC_URL $publicUrl)",
      ({ publicUrl, url, own }) => {
        usePublicUrl(publicUrl);
        for (const origin of [undefined, own, "https://evil.example", "null"]) {
          for (const fetchSite of FETCH_SITES) {
            const label = `Origin ${origin ?? "(none)"}, Sec-Fetch-Site ${JSON.stringify(fetchSite) ?? "(none)"}`;
            const accepted = (origin === undefined || origin === own) && ownFetchSite(fetchSite);
            if (accepted) expect(() => assertSameOrigin(post(url, origin, fetchSite)), label).not.toThrow();
            else
              expect(() => assertSameOrigin(post(url, origin, fetchSite)), label).toThrow(
                expect.objectContaining(refused),
              );
          }
        }
      },
    );

    it("names why, for the log; originOnly leaves Sec-Fetch-Site out (the framework's own rule)", () => {
      usePublicUrl("https://signals.example");
      const reason = (origin?: string, fetchSite?: string, options?: { originOnly?: boolean }) => {
        const request = post("https://signals.example/signin", origin, fetchSite);
        return crossSiteRefusal(request.headers, request.url, options);
      };
      expect(reason()).toBeNull();
      expect(reason("https://signals.example", "same-origin")).toBeNull();
      expect(reason(undefined, "none")).toBeNull();
      expect(reason(undefined, "cross-site")).toBe("Sec-Fetch-Site: cross-site");
      expect(reason(undefined, "same-site")).toBe("Sec-Fetch-Site: same-site");
      expect(reason(undefined, "bogus")).toBe("unknown Sec-Fetch-Site");
      expect(reason("https://evil.example", "cross-site")).toBe("foreign Origin");
      expect(reason("null")).toBe("Origin: null");
      expect(reason(undefined, "cross-site", { originOnly: true })).toBeNull();
      expect(reason("https://evil.example", undefined, { originOnly: true })).toBe("foreign Origin");
      expect(reason("null", "cross-site", { originOnly: true })).toBe("Origin: null");
    });
  });
});
