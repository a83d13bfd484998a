import { describe, expect, it } from "vitest";
import { formatDate } from "~/lib/dates";
import {
  coveredLine,
  coveredRenewalNotice,
  coveredStaffLine,
  pendingChangeLine,
  pendingChangeStaffLine,
  type PendingChange,
} from "./complimentary-cover";

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

  const on = "2026-02-01T00:00:00.000Z";
  const coveredChange: PendingChange = {
    kind: "covered",
    plan: "VIP Signals",
    on,
    gift: "VIP Plus",
    until: "2026-03-01T00:00:00.000Z",
  };
  const heldChange: PendingChange = { kind: "held", held: "All-in-One", plan: "VIP Signals", on };

  it("tells the member a scheduled change is not charged: covered by a gift, or to a plan they hold already", () => {
    expect(pendingChangeLine(coveredChange, formatDate)).toBe(
      "Your change to VIP Signals on Feb 1, 2026 is covered by complimentary VIP Plus until Mar 1, 2026: nothing will be charged then.",
    );
    expect(pendingChangeLine({ ...coveredChange, until: null }, formatDate)).toBe(
      "Your change to VIP Signals on Feb 1, 2026 is covered by your complimentary VIP Plus, which does not end: nothing will be charged then.",
    );
    expect(pendingChangeLine(heldChange, formatDate)).toBe(
      "All-in-One ends on Feb 1, 2026 as scheduled, uncharged: VIP Signals continues under the plan you already have.",
    );
  });

  it("tells staff the same of a scheduled change, in the third person", () => {
    expect(pendingChangeStaffLine(coveredChange, formatDate)).toBe(
      "The scheduled change to VIP Signals on Feb 1, 2026 is covered by complimentary VIP Plus until Mar 1, 2026: nothing will be charged then.",
    );
    expect(pendingChangeStaffLine({ ...coveredChange, until: null }, formatDate)).toBe(
      "The scheduled change to VIP Signals on Feb 1, 2026 is covered by complimentary VIP Plus, which does not end: nothing will be charged then.",
    );
    expect(pendingChangeStaffLine(heldChange, formatDate)).toBe(
      "All-in-One ends on Feb 1, 2026 as scheduled, uncharged: VIP Signals continues under the plan the member already has.",
    );
  });
});
