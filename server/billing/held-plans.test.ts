import { describe, expect, it } from "vitest";
import { readHeldPlans } from "./held-plans.ts";

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
    expect(Object.keys(catalogue).sort()).toEqual(["held", "reach"]);
  });
});
