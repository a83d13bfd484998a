import { describe, expect, it } from "vitest";
import { priceCart, priceLine, toStoredLines } from "~/lib/priced-lines";
import { heldCart } from "#server/orders/order-prices";
import { pricePlans } from "#server/orders/price-plans";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";

type HeldOrder = Parameters<typeof heldCart>[0];

/*
 * How an order's cart is priced: from the published plans at their list prices for the period,
 * and, once held, charged as its stored lines say, only while they agree with the order's total.
 */
describeEachDatabase("an order's prices", (database) => {
  const db = () => database().db;

  it("prices each published plan at its list price for the period, in the cart's order, and totals them", async () => {
    const gold = await createPlan(db(), "Gold", 40_000_000n);
    const silver = await createPlan(db(), "Silver", 10_000_000n);
    const priced = await pricePlans({ db: db(), planIds: [silver.id, gold.id], billingPeriod: "quarterly" });
    expect(priced?.plans).toEqual([
      { id: silver.id, name: "Silver" },
      { id: gold.id, name: "Gold" },
    ]);
    // Quarterly: three months less 15 %, per plan, in whole USDT (25.5 → 25).
    expect(priced?.lines.map((line) => [line.planId, line.charged])).toEqual([
      [silver.id, 25_000_000n],
      [gold.id, 102_000_000n],
    ]);
    expect(priced?.total).toBe(127_000_000n);
  });

  it("refuses a cart with a plan no longer published", async () => {
    const gold = await createPlan(db(), "Gold", 40_000_000n);
    const hidden = await createPlan(db(), "Hidden", 10_000_000n, false);
    expect(await pricePlans({ db: db(), planIds: [gold.id, hidden.id], billingPeriod: "monthly" })).toBeNull();
  });
});

describe("heldCart", () => {
  const cart = priceCart(
    [priceLine({ planId: 7, name: "Gold", listPrice: 40_000_000n }, { discount: 4_000_000n })],
    "TEN",
  );
  const order = (values: Partial<HeldOrder>) =>
    ({ lines: toStoredLines(cart.lines), couponCode: "TEN", totalAmount: 36_000_000n, ...values }) as HeldOrder;

  it("charges the held lines as they are, with the order's code", () => {
    expect(heldCart(order({}))).toEqual(cart);
  });

  it("an order from before lines were kept, or lines that disagree with its total, is not charged", () => {
    expect(heldCart(order({ lines: null }))).toBeNull();
    expect(heldCart(order({ totalAmount: 40_000_000n }))).toBeNull();
  });
});
