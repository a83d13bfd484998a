import { describe, expect, it } from "vitest";
import { publicUrlPerTest } from "../../tests/helpers/env.ts";
import { assertSameOrigin } from "./origin.ts";

const usePublicUrl = publicUrlPerTest();

const post = (url: string, origin?: string) => new Request(url, { method: "POST", headers: origin === undefined ? {} : { origin } });
const refused = { code: "FORBIDDEN", message: "Cross-site request refused." };

describe("assertSameOrigin", () => {
  it("without PUBLIC_URL, compares scheme, host and port with the request's own origin", () => {
    usePublicUrl(undefined);
    expect(() => assertSameOrigin(post("http://localhost:3000/api/contact", "http://localhost:3000"))).not.toThrow();
    expect(() => assertSameOrigin(post("http://localhost:3000/api/contact"))).not.toThrow();
    for (const origin of ["http://localhost:4000", "https://localhost:3000", "http://evil.example", "null", "not a url", "http://localhost:3000.evil.example"]) {
      expect(() => assertSameOrigin(post("http://localhost:3000/api/contact", origin)), origin).toThrow(expect.objectContaining(refused));
    }
  });

  it("with PUBLIC_URL, accepts only that origin, whatever Host the request came with", () => {
    usePublicUrl("https://signals.example");
    expect(() => assertSameOrigin(post("http://10.0.0.5:3000/api/contact", "https://signals.example"))).not.toThrow();
    for (const origin of ["http://signals.example", "https://signals.example:8443", "http://10.0.0.5:3000", "https://evil.example"]) {
      expect(() => assertSameOrigin(post("http://10.0.0.5:3000/api/contact", origin)), origin).toThrow(expect.objectContaining(refused));
    }
  });

  it("refuses Origin: null (sandboxed frames, file: pages) rather than treating it as no Origin", () => {
    usePublicUrl("https://signals.example");
    expect(() => assertSameOrigin(post("https://signals.example/api/contact", "null"))).toThrow(expect.objectContaining(refused));
  });

  it("compares the port of a PUBLIC_URL on a non-default port; the default port written out is the same origin", () => {
    usePublicUrl("https://signals.example:8443");
    expect(() => assertSameOrigin(post("https://signals.example:8443/api/contact", "https://signals.example:8443"))).not.toThrow();
    for (const origin of ["https://signals.example", "https://signals.example:443", "https://signals.example:9443"]) {
      expect(() => assertSameOrigin(post("https://signals.example:8443/api/contact", origin)), origin).toThrow(expect.objectContaining(refused));
    }
    usePublicUrl("https://signals.example");
    expect(() => assertSameOrigin(post("https://signals.example/api/contact", "https://signals.example:443"))).not.toThrow();
  });
});
