import { describe, expect, it } from "vitest";
import { expiredLine, expiredNextLine } from "./expiry-notice";

describe("expiredLine", () => {
  it("says a complimentary plan reached its end date, never that autorenew was off", () => {
    const line = expiredLine({ plan: "VIP Signals", reason: "complimentary" });
    expect(line).toBe("Your complimentary access to VIP Signals has reached its end date, so it has ended.");
    expect(line).not.toMatch(/autorenew/);
  });

  it("says autorenew was off for a paid plan, and for payloads queued before a reason was kept", () => {
    expect(expiredLine({ plan: "VIP Signals" })).toBe("VIP Signals has ended because autorenew was off.");
    expect(expiredLine({})).toBe("Your subscription has ended because autorenew was off.");
  });
});

describe("a plan ended as the member scheduled, to a plan they already hold", () => {
  it("says it ended as scheduled, uncharged, and that the plan they moved to continues", () => {
    const p = { plan: "All-in-One", reason: "scheduled", continuing: "VIP Signals" };
    expect(expiredLine(p)).toBe(
      "All-in-One has ended as you scheduled, and nothing was charged. VIP Signals continues under the plan you already have.",
    );
    expect(expiredNextLine(p)).toBe("There is nothing to do.");
    expect(expiredNextLine({ plan: "VIP Signals" })).toBe("You can subscribe again at any time from the dashboard.");
  });
});
