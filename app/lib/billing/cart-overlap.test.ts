import { describe, expect, it } from "vitest";
import { cartOverlap } from "./cart-overlap";

const vip = { id: 1, name: "VIP Signals" };
const all = { id: 2, name: "All-in-One" };
const bot = { id: 3, name: "Signals Bot" };
// All-in-One includes VIP Signals and Signals Bot; Signals Bot shares nothing with VIP Signals.
const inside = { [vip.id]: [all.id], [bot.id]: [all.id] };

describe("cartOverlap: a plan of the cart another of it includes", () => {
  it("says the inner plan is already included in the outer one, whichever was added first", () => {
    const said = { planId: vip.id, note: "Already included in All-in-One" };
    expect(cartOverlap([vip, all], inside)).toEqual(said);
    expect(cartOverlap([all, vip], inside)).toEqual(said);
  });

  it("says only the first such plan of the cart", () => {
    expect(cartOverlap([bot, vip, all], inside)).toEqual({ planId: bot.id, note: "Already included in All-in-One" });
  });

  it("says nothing of a cart without the outer plan, or of plans without a common chat", () => {
    expect(cartOverlap([vip, bot], inside)).toBeNull();
    expect(cartOverlap([all], inside)).toBeNull();
    expect(cartOverlap([], inside)).toBeNull();
    expect(cartOverlap([vip, all], {})).toBeNull();
  });
});
