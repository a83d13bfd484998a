import { describe, expect, it } from "vitest";
import { withoutTrustedDevice } from "./sign-in-challenge.ts";

const cookieOf = (cookie?: string) =>
  withoutTrustedDevice(new Headers(cookie === undefined ? {} : { cookie })).get("cookie");

describe("withoutTrustedDevice: the password step as if this browser were not trusted", () => {
  it("drops Better Auth's trust cookie wherever it is, secure-prefixed too, and keeps every other cookie", () => {
    expect(cookieOf("better-auth.trust_device=abc.sig; better-auth.two_factor=x")).toBe("better-auth.two_factor=x");
    expect(cookieOf("a=1; better-auth.trust_device=abc.sig; b=2")).toBe("a=1; b=2");
    expect(cookieOf("a=1; __Secure-better-auth.trust_device=abc.sig")).toBe("a=1");
    expect(cookieOf("a=1;better-auth.trust_device=abc")).toBe("a=1");
    expect(cookieOf("better-auth.trust_device=abc")).toBeNull();
    expect(cookieOf("a=1; x-better-auth.trust_devices=keep")).toBe("a=1; x-better-auth.trust_devices=keep");
    expect(cookieOf()).toBeNull();
  });

  it("leaves the other headers and the request's own headers as they were", () => {
    const original = new Headers({ cookie: "better-auth.trust_device=abc; a=1", "x-client-ip": "192.0.2.1" });
    const copy = withoutTrustedDevice(original);
    expect(copy.get("x-client-ip")).toBe("192.0.2.1");
    expect(original.get("cookie")).toBe("better-auth.trust_device=abc; a=1");
  });
});
