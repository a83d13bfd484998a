import { describe, expect, it } from "vitest";
import { endingNote } from "./switch-arithmetic";

const paid = (name: string) => ({ name, credit: 1_000_000n });
const trial = (name: string) => ({ name, credit: 0n });

describe("endingNote", () => {
  it("one plan credited reads as it always has", () => {
    expect(endingNote([paid("VIP Signals")], true)).toBe(
      "VIP Signals ends when you confirm; its unused part is credited above.",
    );
  });

  it("several plans credited: they end, their unused parts are credited", () => {
    expect(endingNote([paid("Signals Bot"), paid("VIP Signals"), paid("Copy Trading Bot")], true)).toBe(
      "Signals Bot, VIP Signals, Copy Trading Bot end when you confirm; their unused parts are credited above.",
    );
  });

  it("a free trial replaced only ends: the credit is named for the paid plan alone", () => {
    expect(endingNote([paid("Signals Bot"), trial("VIP Signals"), trial("Copy Trading Bot")], true)).toBe(
      "Signals Bot ends when you confirm; its unused part is credited above. " +
        "VIP Signals, Copy Trading Bot end when you confirm.",
    );
    expect(endingNote([trial("VIP Signals")], false)).toBe("VIP Signals ends when you confirm.");
  });

  it("nothing credited in the cart credits no plan, and nothing replaced says nothing", () => {
    expect(endingNote([paid("VIP Signals"), paid("Signals Bot")], false)).toBe(
      "VIP Signals, Signals Bot end when you confirm.",
    );
    expect(endingNote([], true)).toBeNull();
  });
});
