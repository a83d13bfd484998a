import { describe, expect, it } from "vitest";
import { creditedText } from "./money-messages";

describe("creditedText", () => {
  it("says what arrived and the balance when it paid nothing", () => {
    expect(creditedText({ amount: "200000000", balance: "205000000", paidOrder: null })).toBe(
      "$200.00 USDT arrived. Your balance is now $205.00 USDT.",
    );
  });

  it("says what arrived, the order it paid with its total and plans, and what is left", () => {
    const paidOrder = { reference: "ORD-1A2B3C4D", total: "116000000", plans: ["Alpha", "Beta"] };
    expect(creditedText({ amount: "200000000", balance: "84000000", paidOrder })).toBe(
      "$200.00 USDT arrived. It paid order ORD-1A2B3C4D ($116.00 USDT): Alpha, Beta are now " +
        "active. Left on your balance: $84.00 USDT.",
    );
    expect(creditedText({ amount: "116000000", balance: "0", paidOrder: { ...paidOrder, plans: ["Alpha"] } })).toBe(
      "$116.00 USDT arrived. It paid order ORD-1A2B3C4D ($116.00 USDT): Alpha is now active. " +
        "Left on your balance: $0.00 USDT.",
    );
  });
});
