import { describe, expect, it } from "vitest";
import {
  FLAG_NOTE_MAX,
  memberBalanceSchema,
  memberSubscriptionSchema,
  resolvePaymentFlagSchema,
} from "./member-actions";

const SUB = "3f9b7a9e-2c1d-4e5f-8a6b-1c2d3e4f5a6b";

describe("memberSubscriptionSchema", () => {
  it("reads each change", () => {
    expect(memberSubscriptionSchema.parse({ intent: "extend", subscriptionId: SUB, days: "30" })).toEqual({
      intent: "extend",
      subscriptionId: SUB,
      days: 30,
    });
    expect(memberSubscriptionSchema.parse({ intent: "cancel-now", subscriptionId: SUB }).intent).toBe("cancel-now");
    expect(memberSubscriptionSchema.parse({ intent: "comp", planId: "3", period: "lifetime" })).toEqual({
      intent: "comp",
      planId: 3,
      period: "lifetime",
    });
    expect(memberSubscriptionSchema.parse({ intent: "comp", planId: "3", period: "days", days: "14" })).toEqual({
      intent: "comp",
      planId: 3,
      period: "days",
      days: 14,
    });
  });

  it("refuses days outside 1..3650, a comp of N days without N, and unknown changes", () => {
    for (const days of ["0", "3651", "2.5", "ten"])
      expect(memberSubscriptionSchema.safeParse({ intent: "extend", subscriptionId: SUB, days }).success).toBe(false);
    expect(memberSubscriptionSchema.safeParse({ intent: "extend", subscriptionId: SUB, days: "3650" }).success).toBe(
      true,
    );
    const noDays = memberSubscriptionSchema.safeParse({ intent: "comp", planId: "3", period: "days" });
    expect(noDays.success).toBe(false);
    expect(noDays.error?.issues[0]?.path).toEqual(["days"]);
    expect(memberSubscriptionSchema.safeParse({ intent: "refund", subscriptionId: SUB }).success).toBe(false);
    expect(memberSubscriptionSchema.safeParse({ intent: "cancel-now", subscriptionId: "x" }).success).toBe(false);
  });
});

describe("memberBalanceSchema", () => {
  const base = { direction: "credit", reason: "Goodwill", key: "abcdef1234" };
  it("turns the amount into micro-USDT", () => {
    expect(memberBalanceSchema.parse({ ...base, amount: " 12.5 " }).amount).toBe(12_500_000n);
    expect(memberBalanceSchema.parse({ ...base, amount: "0.000001" }).amount).toBe(1n);
  });

  it("refuses zero, signs, too many decimals, no reason and no key", () => {
    for (const amount of ["0", "0.0", "-1", "+1", "1.1234567", "1e3", ""])
      expect(memberBalanceSchema.safeParse({ ...base, amount }).success, amount).toBe(false);
    expect(memberBalanceSchema.safeParse({ ...base, amount: "1", reason: " " }).success).toBe(false);
    expect(memberBalanceSchema.safeParse({ ...base, amount: "1", key: "" }).success).toBe(false);
    expect(memberBalanceSchema.safeParse({ ...base, amount: "1", direction: "steal" }).success).toBe(false);
  });
});

describe("resolvePaymentFlagSchema", () => {
  it("reads the flag and the trimmed note, lines kept", () => {
    expect(resolvePaymentFlagSchema.parse({ flagId: "7", note: "  Won the dispute.\nNothing to do.  " })).toEqual({
      flagId: 7,
      note: "Won the dispute.\nNothing to do.",
    });
  });

  it("requires a note, within its length, and a flag", () => {
    const blank = resolvePaymentFlagSchema.safeParse({ flagId: "7", note: "   " });
    expect(blank.error?.issues).toEqual([expect.objectContaining({ path: ["note"], message: "Note is required" })]);
    expect(resolvePaymentFlagSchema.safeParse({ flagId: "7", note: "x".repeat(FLAG_NOTE_MAX) }).success).toBe(true);
    expect(resolvePaymentFlagSchema.safeParse({ flagId: "7", note: "x".repeat(FLAG_NOTE_MAX + 1) }).success).toBe(
      false,
    );
    for (const flagId of ["", "0", "-1", "1.5", "x"])
      expect(resolvePaymentFlagSchema.safeParse({ flagId, note: "ok" }).success).toBe(false);
  });
});

describe("what the member page's forms say when they refuse", () => {
  const messageOf =
    (schema: { safeParse(input: unknown): { error?: { issues: { message: string }[] } } }) => (input: unknown) =>
      schema.safeParse(input).error?.issues.map((issue) => issue.message);
  const subscription = messageOf(memberSubscriptionSchema);
  const balance = messageOf(memberBalanceSchema);

  it("names the subscription, the days, the plan and the period", () => {
    expect(subscription({ intent: "cancel-at-period-end", subscriptionId: "x" })).toEqual(["Choose a subscription"]);
    expect(subscription({ intent: "cancel-at-period-end", subscriptionId: SUB })).toBeUndefined();
    expect(subscription({ intent: "extend", subscriptionId: SUB, days: "ten" })).toEqual([
      "Days must be a whole number of days",
    ]);
    expect(subscription({ intent: "extend", subscriptionId: SUB, days: "2.5" })).toEqual([
      "Days must be a whole number of days",
    ]);
    expect(subscription({ intent: "extend", subscriptionId: SUB, days: "0" })).toEqual([
      "Days must be between 1 and 3650",
    ]);
    expect(subscription({ intent: "extend", subscriptionId: SUB, days: "3651" })).toEqual([
      "Days must be between 1 and 3650",
    ]);
    for (const planId of ["x", "1.5", "0"])
      expect(subscription({ intent: "comp", planId, period: "monthly" }), planId).toEqual(["Choose a plan"]);
    expect(subscription({ intent: "comp", planId: "1", period: "weekly" })).toEqual(["Choose a period"]);
    expect(subscription({ intent: "comp", planId: "1", period: "days", days: "" })).toEqual([
      "Days must be between 1 and 3650",
    ]);
    expect(subscription({ intent: "comp", planId: "1", period: "days" })).toEqual(["Days must be between 1 and 3650"]);
    expect(subscription({ intent: "comp", planId: "1", period: "days", days: "0.5" })).toEqual([
      "Days must be a whole number of days",
    ]);
    expect(subscription({ intent: "refund", subscriptionId: SUB })).toEqual(["Unknown change"]);
  });

  it("a comp of a plan period ignores a days field left in the form", () => {
    expect(memberSubscriptionSchema.parse({ intent: "comp", planId: "2", period: "monthly", days: "x" })).toEqual({
      intent: "comp",
      planId: 2,
      period: "monthly",
    });
  });

  it("names the direction, the amount, the reason and a stale form", () => {
    const base = { direction: "credit", amount: "5", reason: "Goodwill", key: "abcdef1234" };
    expect(balance(base)).toBeUndefined();
    expect(balance({ ...base, direction: "steal" })).toEqual(["Choose credit or debit"]);
    expect(balance({ ...base, direction: undefined })).toEqual(["Choose credit or debit"]);
    expect(balance({ ...base, amount: undefined })).toEqual(["Amount is required"]);
    // The form shows a field's first message.
    expect(balance({ ...base, amount: "   " })?.[0]).toBe("Amount is required");
    expect(balance({ ...base, amount: "ten" })).toEqual(["Amount must be a USDT amount such as 25 or 25.50"]);
    expect(balance({ ...base, amount: "0" })).toEqual(["Amount must be more than 0"]);
    expect(balance({ ...base, reason: "" })).toEqual(["Reason is required"]);
    expect(balance({ ...base, reason: "x".repeat(501) })).toEqual(["Reason must be less than 500 characters"]);
    for (const key of [undefined, "short", "x".repeat(65), "abcdefgh!", " abcdefgh", "abcdefgh\n"])
      expect(balance({ ...base, key }), String(key)).toEqual(["Open the form again"]);
    expect(balance({ ...base, key: "A-b_".repeat(16) })).toBeUndefined();
    expect(balance({ ...base, key: "abcdefgh" })).toBeUndefined();
  });
});
