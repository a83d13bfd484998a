import { describe, expect, it } from "vitest";
import { INVOICE_ID_PATTERN, newInvoiceId } from "./invoice-id.ts";

describe("invoice ids", () => {
  it("carry the UTC issue date and random base32 characters", () => {
    const id = newInvoiceId(new Date("2026-03-04T23:30:00Z"));
    expect(id).toMatch(/^INV-20260304-[A-Z2-7]{8}$/);
    expect(id).toMatch(INVOICE_ID_PATTERN);
  });

  it("are recognised only as a whole string", () => {
    expect(INVOICE_ID_PATTERN.test("INV-20260304-ABCDEF27")).toBe(true);
    expect(INVOICE_ID_PATTERN.test("XINV-20260304-ABCDEF27")).toBe(false);
    expect(INVOICE_ID_PATTERN.test("INV-20260304-ABCDEF27!")).toBe(false);
  });

  it("do not repeat", () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newInvoiceId()));
    expect(ids.size).toBe(10_000);
  });
});
