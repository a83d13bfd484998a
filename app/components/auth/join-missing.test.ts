import { describe, expect, it } from "vitest";
import { joinMissingText } from "./join-missing";

describe("joinMissingText: what the disabled sign-up button still waits for", () => {
  it("names the empty fields by their labels", () => {
    expect(joinMissingText({ blank: ["Email"], terms: true, risk: true })).toBe("To continue, fill in Email.");
    expect(joinMissingText({ blank: ["First Name", "Email", "Telegram"], terms: true, risk: true })).toBe(
      "To continue, fill in First Name, Email and Telegram.",
    );
  });

  it("names the box not ticked, or both", () => {
    expect(joinMissingText({ blank: [], terms: false, risk: true })).toBe(
      "To continue, tick the Terms of Service box.",
    );
    expect(joinMissingText({ blank: [], terms: true, risk: false })).toBe("To continue, tick the risk box.");
    expect(joinMissingText({ blank: ["Password"], terms: false, risk: false })).toBe(
      "To continue, fill in Password, and tick both boxes above.",
    );
  });

  it("says nothing once everything is there", () => {
    expect(joinMissingText({ blank: [], terms: true, risk: true })).toBeNull();
  });
});
