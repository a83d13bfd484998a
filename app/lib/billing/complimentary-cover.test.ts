import { describe, expect, it } from "vitest";
import { formatDate } from "~/lib/dates";
import { coveredLine, coveredRenewalNotice, coveredStaffLine } from "./complimentary-cover";

describe("a plan inside a complimentary one", () => {
  it("says which plan was not charged, which gift includes it and when it renews", () => {
    const { title, lines } = coveredRenewalNotice({
      plan: "VIP Signals",
      gift: "All-in-One",
      nextBillingDate: "Mar 1, 2026",
    });
    expect(title).toBe("VIP Signals was not charged");
    expect(lines.join(" ")).toBe(
      "VIP Signals was not charged because your complimentary All-in-One includes it. " +
        "Its next renewal is on Mar 1, 2026. It stays active; there is nothing to do.",
    );
  });

  it("reads an old or partial payload without undefined", () => {
    expect(coveredRenewalNotice({}).lines.join(" ")).not.toMatch(/undefined/);
  });

  it("says until when the dashboard's plan is not charged, or that it is not while a gift without end lasts", () => {
    expect(coveredLine({ gift: "All-in-One", until: "2026-03-01T00:00:00.000Z" }, formatDate)).toBe(
      "Included in your complimentary All-in-One until Mar 1, 2026: not charged until then.",
    );
    expect(coveredLine({ gift: "All-in-One", until: null }, formatDate)).toBe(
      "Included in your complimentary All-in-One: not charged while you have it.",
    );
  });

  it("tells staff the same on the member's page, in their words", () => {
    expect(coveredStaffLine({ gift: "All-in-One", until: "2026-03-01T00:00:00.000Z" }, formatDate)).toBe(
      "Covered by complimentary All-in-One until Mar 1, 2026: not charged until then.",
    );
    expect(coveredStaffLine({ gift: "All-in-One", until: null }, formatDate)).toBe(
      "Covered by complimentary All-in-One, which does not end: not charged while the member has it.",
    );
  });
});
