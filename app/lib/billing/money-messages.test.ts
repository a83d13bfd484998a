import { describe, expect, it } from "vitest";
import { creditedText } from "./money-messages";

describe("creditedText", () => {
  it("says what arrived and the balance when it paid nothing", () => {
    expect(creditedText({ amount: "200000000", balance: "205000000", paidOrder: null })).toBe(
      "Your deposit of $200.00 USDT (TRC-20) arrived. Your balance is now $205.00 USDT.",
    );
  });

  it("says what arrived, the order it paid with its total, plans and dates, and what is left", () => {
    const paidOrder = {
      reference: "ORD-1A2B3C4D",
      total: "116000000",
      plans: ["Alpha", "Beta"],
      period: "monthly",
      activeUntil: "2026-12-28",
    };
    expect(creditedText({ amount: "200000000", balance: "84000000", paidOrder })).toBe(
      "Your deposit of $200.00 USDT (TRC-20) arrived. It paid order ORD-1A2B3C4D: Alpha, Beta (monthly) for $116.00 USDT, active until Dec 28, 2026. Left on your balance: $84.00 USDT.",
    );
    const lifetime = { ...paidOrder, plans: ["Alpha"], period: "lifetime", activeUntil: null };
    expect(creditedText({ amount: "116000000", balance: "0", paidOrder: lifetime, via: "card" })).toBe(
      "Your card payment added $116.00 USDT to your balance. It paid order ORD-1A2B3C4D: Alpha (lifetime) for $116.00 USDT, active for life. Left on your balance: $0.00 USDT.",
    );
    expect(
      creditedText({
        amount: "116000000",
        balance: "0",
        paidOrder: { ...paidOrder, activeUntil: null },
        via: "credit",
      }),
    ).toBe(
      "Our team added $116.00 USDT to your balance. It paid order ORD-1A2B3C4D: Alpha, Beta (monthly) for $116.00 USDT, now active. Left on your balance: $0.00 USDT.",
    );
  });
});
