import { describe, expect, it } from "vitest";
import { expiredLine } from "./expiry-notice";

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
