import { describe, expect, it } from "vitest";
import { fromStoredLines, priceCart, priceLine, toStoredLines } from "./priced-lines";

const usdt = (n: number) => BigInt(Math.round(n * 100)) * 10_000n;
const plan = (listPrice: bigint, planId = 1) => ({ planId, name: `Plan ${planId}`, listPrice });

describe("priced lines", () => {
  it("charges the list price when nothing is taken off", () => {
    expect(priceLine(plan(usdt(49)))).toEqual({
      planId: 1,
      name: "Plan 1",
      listPrice: usdt(49),
      discount: 0n,
      credit: 0n,
      charged: usdt(49),
      creditNote: null,
    });
  });

  it("charges list price − discount − credit", () => {
    const line = priceLine(plan(usdt(49)), { discount: usdt(4.9), credit: usdt(10), creditNote: "Unused days" });
    expect(line.charged).toBe(usdt(34.1));
    expect(line.listPrice - line.discount - line.credit).toBe(line.charged);
    expect(line.creditNote).toBe("Unused days");
  });

  it("never charges below zero: the discount is capped at the price, the credit at what is left", () => {
    const discounted = priceLine(plan(usdt(10)), { discount: usdt(15), credit: usdt(5) });
    expect([discounted.discount, discounted.credit, discounted.charged]).toEqual([usdt(10), 0n, 0n]);
    const credited = priceLine(plan(usdt(10)), { discount: usdt(4), credit: usdt(50) });
    expect([credited.discount, credited.credit, credited.charged]).toEqual([usdt(4), usdt(6), 0n]);
    // A credit cut to nothing has nothing to explain.
    expect(discounted.creditNote).toBeNull();
  });

  it("counts negative amounts as none", () => {
    const line = priceLine(plan(usdt(10)), { discount: -usdt(5), credit: -usdt(5) });
    expect([line.discount, line.credit, line.charged]).toEqual([0n, 0n, usdt(10)]);
  });

  it("sums a cart and keeps the code only when something was discounted", () => {
    const cart = priceCart(
      [priceLine(plan(usdt(49), 1), { discount: usdt(9.8) }), priceLine(plan(usdt(29), 2), { credit: usdt(3) })],
      "SPRING",
    );
    expect([cart.list, cart.discount, cart.credit, cart.charged]).toEqual([usdt(78), usdt(9.8), usdt(3), usdt(65.2)]);
    expect(cart.couponCode).toBe("SPRING");
    expect(priceCart([priceLine(plan(usdt(49)))], "SPRING").couponCode).toBeNull();
  });

  it("stores lines as strings and reads them back the same", () => {
    const lines = [priceLine(plan(usdt(49)), { discount: usdt(4.9), credit: usdt(1), creditNote: "Unused days" })];
    const stored = toStoredLines(lines);
    expect(stored[0]).toMatchObject({ listPrice: "49000000", discount: "4900000", charged: "43100000" });
    expect(fromStoredLines(JSON.parse(JSON.stringify(stored)))).toEqual(lines);
  });
});
