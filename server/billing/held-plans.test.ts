import { describe, expect, it } from "vitest";
import { plansAround, readHeldPlans } from "./held-plans.ts";

const now = new Date("2026-11-29T12:00:00Z");
// VIP (7) has one chat, All-in-One (8) that chat and another; nothing held.
const read = { held: [], chats: { 7: [-101], 8: [-101, -102] }, planIds: [7, 8], now };

describe("readHeldPlans: a cart's nesting only for a cart being bought", () => {
  it("a cart of VIP and All-in-One finds VIP inside All-in-One", () => {
    const cart = readHeldPlans({ ...read, cart: true });
    expect([...cart.nested]).toEqual([[7, 8]]);
    expect(cart.reach).toEqual(readHeldPlans(read).reach);
  });

  it("the catalogue's readers get the held plans and the reach, no nesting", () => {
    const catalogue = readHeldPlans(read);
    expect(Object.keys(catalogue).sort()).toEqual(["chatsByPlan", "held", "reach"]);
  });
});

describe("plansAround: which plans include which", () => {
  it("names every plan with all of a plan's chats, in the order asked; a plan without chats is inside nothing", () => {
    const chats = new Map([
      [7, [-101]],
      [8, [-101, -102]],
      [9, [-101, -102, -103]],
      [10, []],
      [11, [-104]],
    ]);
    expect(Object.fromEntries(plansAround([7, 8, 9, 10, 11], chats))).toEqual({ 7: [8, 9], 8: [9] });
    // Plans with the same chats are around each other.
    expect(Object.fromEntries(plansAround([8, 12], new Map([...chats, [12, [-102, -101]]])))).toEqual({
      8: [12],
      12: [8],
    });
  });
});
