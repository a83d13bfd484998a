import { describe, expect, it } from "vitest";
import { referralRuleMessages, referralRuleSchema } from "../validation/admin/referrals";
import { referralReward, referralRuleText } from "./referrals";

describe("referral rewards", () => {
  it("pays nothing while off or for a payment of nothing", () => {
    expect(referralReward({ kind: "off" }, 10_000_000n)).toBe(0n);
    expect(referralReward({ kind: "percent", percent: 10 }, 0n)).toBe(0n);
  });

  it("takes a percent rounded down to the micro-USDT", () => {
    expect(referralReward({ kind: "percent", percent: 10 }, 49_990_000n)).toBe(4_999_000n);
    expect(referralReward({ kind: "percent", percent: 33 }, 1n)).toBe(0n);
    expect(referralReward({ kind: "percent", percent: 15 }, 1_000_001n)).toBe(150_000n);
  });

  it("caps a fixed amount at the payment", () => {
    expect(referralReward({ kind: "fixed", amount: 5_000_000n }, 20_000_000n)).toBe(5_000_000n);
    expect(referralReward({ kind: "fixed", amount: 5_000_000n }, 3_000_000n)).toBe(3_000_000n);
  });

  it("says the rule in words", () => {
    expect(referralRuleText({ kind: "percent", percent: 10 })).toBe("10% of the first payment");
    expect(referralRuleText({ kind: "fixed", amount: 5_000_000n })).toBe("$5.00 USDT per first payment");
    expect(referralRuleText({ kind: "off" })).toBe("Off");
  });
});

// The back office's rule form (its schema lives with the other back-office forms).
const parse = (input: Record<string, string>) => referralRuleSchema.safeParse(input);
const messageOf = (input: Record<string, string>) => {
  const result = parse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

describe("the referral rule form", () => {
  it("reads off, a percent and a fixed amount", () => {
    expect(parse({ kind: "off" }).data).toEqual({ kind: "off" });
    expect(parse({ kind: "percent", percent: " 10 " }).data).toEqual({ kind: "percent", percent: 10 });
    expect(parse({ kind: "fixed", amount: "2.50" }).data).toEqual({ kind: "fixed", amount: 2_500_000n });
  });

  it("refuses a percent outside 1 to 100 or not whole", () => {
    for (const percent of ["0", "101", "1.5", "", "-3", "ten"])
      expect(messageOf({ kind: "percent", percent })).toBe(referralRuleMessages.percent);
  });

  it("refuses an amount of nothing, too many decimals or a fortune", () => {
    for (const amount of ["0", "", "1.1234567", "-1", "10000.000001"])
      expect(messageOf({ kind: "fixed", amount })).toBe(referralRuleMessages.amount);
    expect(parse({ kind: "fixed", amount: "10000" }).success).toBe(true);
  });

  it("refuses an unknown kind", () => {
    expect(messageOf({ kind: "both" })).toBe(referralRuleMessages.kind);
  });
});
