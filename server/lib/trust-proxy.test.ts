import { describe, expect, it } from "vitest";
import { parseTrustProxy } from "./trust-proxy.ts";

describe("parseTrustProxy", () => {
  it("trusts nobody by default", () => {
    for (const value of [undefined, "", "false", "0", "no"]) expect(parseTrustProxy(value)).toEqual({ value: false });
  });

  it("refuses a bare true, which would trust the client-written X-Forwarded-For", () => {
    for (const value of ["true", "TRUE", "yes"])
      expect(parseTrustProxy(value)).toMatchObject({ error: expect.stringContaining("not true") });
  });

  it("takes a hop count", () => {
    expect(parseTrustProxy("1")).toEqual({ value: 1 });
    expect(parseTrustProxy("2")).toEqual({ value: 2 });
    expect(parseTrustProxy("11")).toMatchObject({ error: expect.stringContaining("hop count") });
  });

  it("takes proxy addresses, CIDRs and Express's range names", () => {
    expect(parseTrustProxy("loopback, 10.0.0.0/8, 192.0.2.10, 2001:db8::/32")).toEqual({
      value: ["loopback", "10.0.0.0/8", "192.0.2.10", "2001:db8::/32"],
    });
    for (const bad of ["10.0.0.0/33", "proxy.example", "10.0.0.1/8/8", "10.0.0.1, nonsense", "::1/129"]) {
      expect(parseTrustProxy(bad)).toEqual({
        error: "must be a hop count or a comma-separated list of proxy addresses or CIDRs",
      });
    }
  });
});
