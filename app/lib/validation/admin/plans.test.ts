import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  arrangePlanSchema,
  MAX_PLAN_FEATURES,
  PLAN_ICONS,
  planPricesSchema,
  planSchema,
  planTextsSchema,
} from "./plans";

const valid = { name: " Gold ", monthlyPrice: "49.5", features: [" Signals ", "Support"] };
const firstError = (input: unknown) => {
  const parsed = planSchema.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]!.message;
};
const issuesOf = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
};

describe("plan editor schema", () => {
  it("trims, converts the typed price to micro-USDT, and fills defaults", () => {
    expect(planSchema.parse(valid)).toEqual({
      name: "Gold",
      subtitle: "",
      badge: null,
      icon: "zap",
      monthlyPrice: 49_500_000n,
      originalPrice: null,
      discount: 0,
      trialDays: 0,
      telegramChats: [],
      features: ["Signals", "Support"],
    });
    expect(planSchema.parse({ ...valid, telegramChats: [" -1001234567890 "] }).telegramChats).toEqual([-1001234567890]);
    expect(planSchema.parse({ ...valid, originalPrice: "99", badge: "Popular", discount: "15" })).toMatchObject({
      originalPrice: 99_000_000n,
      badge: "Popular",
      discount: 15,
    });
    expect(planSchema.parse({ ...valid, monthlyPrice: "0.000001" }).monthlyPrice).toBe(1n);
  });

  it.each([
    [{ name: "  " }, "Name is required"],
    [{ name: "x".repeat(81) }, "Name must be less than 80 characters"],
    [{ monthlyPrice: "" }, "Monthly price is required"],
    [{ monthlyPrice: "0" }, "Monthly price must be more than 0"],
    [{ monthlyPrice: "-5" }, "Monthly price must be a USDT amount such as 49 or 49.99"],
    [{ monthlyPrice: "1.1234567" }, "Monthly price must be a USDT amount such as 49 or 49.99"],
    [{ monthlyPrice: "1e3" }, "Monthly price must be a USDT amount such as 49 or 49.99"],
    [{ originalPrice: "abc" }, "Original price must be a USDT amount such as 49 or 49.99"],
    [{ discount: "101" }, "Discount must be a whole number from 0 to 100"],
    [{ trialDays: "91" }, "Free trial must be a whole number of days from 0 to 90"],
    [{ trialDays: "-1" }, "Free trial must be a whole number of days from 0 to 90"],
    [{ trialDays: "2.5" }, "Free trial must be a whole number of days from 0 to 90"],
    [{ discount: "2.5" }, "Discount must be a whole number from 0 to 100"],
    [{ icon: "skull" }, "Choose one of the plan icons"],
    [{ features: ["ok", " "] }, "A feature cannot be empty"],
    [{ telegramChats: ["@vip"] }, "A Telegram chat id is a number such as -1001234567890"],
    [{ telegramChats: ["-1001", "-1002"] }, "A Telegram chat id is a number such as -1001234567890"],
    [{ telegramChats: ["-1001234567890", "-1001234567890"] }, "Each Telegram chat is listed once"],
    [
      { telegramChats: Array.from({ length: 11 }, (_, i) => `-10012345678${i.toString().padStart(2, "0")}`) },
      "A plan grants at most 10 Telegram chats",
    ],
    [{ features: Array.from({ length: 21 }, (_, i) => `f${i}`) }, "A plan lists at most 20 features"],
  ])("refuses %o", (change, message) => {
    expect(firstError({ ...valid, ...change })).toBe(message);
  });
});

describe("plan editor limits", () => {
  it("offer the icons the site ships and up to 20 features", () => {
    expect(PLAN_ICONS).toEqual(["zap", "bot", "crown", "chart-candlestick", "sparkles", "radio-tower"]);
    expect(MAX_PLAN_FEATURES).toBe(20);
  });
});

describe("plan editor fields at their edges", () => {
  const plan = (change: Record<string, unknown>) => planSchema.parse({ ...valid, ...change });
  const issues = (change: Record<string, unknown>) => issuesOf(planSchema, { ...valid, ...change });

  it("takes each icon, and each text field at its longest, trimmed", () => {
    for (const icon of ["zap", "bot", "crown", "chart-candlestick", "sparkles", "radio-tower"])
      expect(plan({ icon }).icon, icon).toBe(icon);
    expect(
      plan({ name: ` ${"n".repeat(80)} `, subtitle: ` ${"s".repeat(160)} `, badge: ` ${"b".repeat(40)} ` }),
    ).toMatchObject({
      name: "n".repeat(80),
      subtitle: "s".repeat(160),
      badge: "b".repeat(40),
    });
    expect(plan({ badge: "   " }).badge).toBeNull();
    expect(plan({ features: ["f".repeat(120)] }).features).toEqual(["f".repeat(120)]);
    expect(issues({ subtitle: "s".repeat(161) })).toEqual([
      { path: "subtitle", message: "Subtitle must be less than 160 characters" },
    ]);
    expect(issues({ badge: "b".repeat(41) })).toEqual([
      { path: "badge", message: "Badge must be less than 40 characters" },
    ]);
    expect(issues({ features: ["ok", "f".repeat(121)] })).toEqual([
      { path: "features.1", message: "A feature must be less than 120 characters" },
    ]);
    expect(issues({ name: undefined })).toEqual([{ path: "name", message: "Name is required" }]);
  });

  it("reads a price of up to 9 digits and 6 decimals, trimmed, and nothing around it", () => {
    expect(plan({ monthlyPrice: " 999999999.999999 " }).monthlyPrice).toBe(999_999_999_999_999n);
    expect(plan({ monthlyPrice: "7" }).monthlyPrice).toBe(7_000_000n);
    for (const monthlyPrice of ["1234567890", "49.", ".5", "a49", "49a", "49,99", "+49"]) {
      expect(issues({ monthlyPrice }), monthlyPrice).toEqual([
        { path: "monthlyPrice", message: "Monthly price must be a USDT amount such as 49 or 49.99" },
      ]);
    }
    expect(issues({ monthlyPrice: "0.000000" })).toEqual([
      { path: "monthlyPrice", message: "Monthly price must be more than 0" },
    ]);
    expect(issues({ monthlyPrice: undefined })).toEqual([
      { path: "monthlyPrice", message: "Monthly price is required" },
    ]);
  });

  it("has no original price when it is blank, and the same rules as the price when it is set", () => {
    expect(plan({ originalPrice: "  " }).originalPrice).toBeNull();
    expect(plan({ originalPrice: " 59.9 " }).originalPrice).toBe(59_900_000n);
    expect(issues({ originalPrice: "0" })).toEqual([
      { path: "originalPrice", message: "Original price must be more than 0" },
    ]);
  });

  it("takes a discount from 0 to 100", () => {
    expect(plan({ discount: "0" }).discount).toBe(0);
    expect(plan({ discount: 100 }).discount).toBe(100);
    for (const discount of ["-1", "abc"])
      expect(issues({ discount }), discount).toEqual([
        { path: "discount", message: "Discount must be a whole number from 0 to 100" },
      ]);
  });

  it("grants up to 10 Telegram chats of 5 to 16 digits, each once", () => {
    const ten = Array.from({ length: 10 }, (_, i) => `-10012345678${i}`);
    expect(plan({ telegramChats: ten }).telegramChats).toHaveLength(10);
    expect(plan({ telegramChats: ["12345", "1234567890123456"] }).telegramChats).toEqual([12345, 1234567890123456]);
    for (const chat of ["1234", "12345678901234567", "--12345", "+12345", "x12345", "12345x"]) {
      expect(issues({ telegramChats: [chat] }), chat).toEqual([
        { path: "telegramChats.0", message: "A Telegram chat id is a number such as -1001234567890" },
      ]);
    }
    // The same chat written twice is the same number.
    expect(issues({ telegramChats: ["12345", " 0012345"] })).toEqual([
      { path: "telegramChats", message: "Each Telegram chat is listed once" },
    ]);
  });

  it("says so when a list is not a list", () => {
    // Zod 4 also measures a string's length against the list's maximum; the form shows the first message.
    expect(issues({ telegramChats: "-1001234567890" })[0]).toEqual({
      path: "telegramChats",
      message: "Telegram chats must be a list",
    });
    expect(issues({ features: "Signals" })).toEqual([{ path: "features", message: "Features must be a list" }]);
    expect(plan({ features: Array.from({ length: 20 }, (_, i) => `f${i}`) }).features).toHaveLength(20);
  });
});

describe("arrangePlanSchema: the plans list's move buttons", () => {
  it("moves, by id", () => {
    expect(arrangePlanSchema.parse({ intent: "move", planId: "3", direction: "up" })).toStrictEqual({
      intent: "move",
      planId: 3,
      direction: "up",
    });
    expect(arrangePlanSchema.parse({ intent: "move", planId: 3, direction: "down" })).toStrictEqual({
      intent: "move",
      planId: 3,
      direction: "down",
    });
  });

  it("refuses a bad id or direction under its field, and any other button (publishing is the prices schema's)", () => {
    const paths = (input: unknown) => issuesOf(arrangePlanSchema, input).map((issue) => issue.path);
    for (const planId of ["0", "-1", "1.5", "abc"])
      expect(paths({ intent: "move", planId, direction: "up" }), planId).toEqual(["planId"]);
    expect(paths({ intent: "move", planId: "1", direction: "left" })).toEqual(["direction"]);
    for (const intent of [undefined, "delete", "Move", "publish", "cancel_price_change"]) {
      expect(issuesOf(arrangePlanSchema, { intent, planId: "1", direction: "up" }), String(intent)).toEqual([
        { path: "intent", message: "Unknown change" },
      ]);
    }
  });
});

describe("planPricesSchema: what members pay", () => {
  it("creates, saves, publishes, and cancels a scheduled price change, by ids", () => {
    expect(planPricesSchema.parse({ intent: "create", ...valid })).toMatchObject({
      intent: "create",
      name: "Gold",
      monthlyPrice: 49_500_000n,
    });
    expect(planPricesSchema.parse({ intent: "save", planId: "5", ...valid })).toMatchObject({
      intent: "save",
      planId: 5,
      monthlyPrice: 49_500_000n,
    });
    expect(planPricesSchema.parse({ intent: "publish", planId: "2", published: "false" })).toStrictEqual({
      intent: "publish",
      planId: 2,
      published: false,
    });
    expect(planPricesSchema.parse({ intent: "cancel_price_change", planId: "4", changeId: "7" })).toStrictEqual({
      intent: "cancel_price_change",
      planId: 4,
      changeId: 7,
    });
  });

  it("refuses a bad id, price or flag under its field, and another button", () => {
    const paths = (input: unknown) => issuesOf(planPricesSchema, input).map((issue) => issue.path);
    expect(paths({ intent: "save", planId: "0", ...valid })).toEqual(["planId"]);
    expect(paths({ intent: "save", planId: "1", ...valid, monthlyPrice: "0" })).toEqual(["monthlyPrice"]);
    expect(paths({ intent: "publish", planId: "1", published: "yes" })).toEqual(["published"]);
    expect(paths({ intent: "cancel_price_change", planId: "1", changeId: "0" })).toEqual(["changeId"]);
    for (const intent of [undefined, "delete", "move"]) {
      expect(issuesOf(planPricesSchema, { intent, planId: "1" }), String(intent)).toEqual([
        { path: "intent", message: "Unknown change" },
      ]);
    }
  });
});

describe("planTextsSchema: an editor's save", () => {
  it("keeps the texts, features and chats and drops whatever price was sent with them", () => {
    const parsed = planTextsSchema.parse({
      ...valid,
      originalPrice: "60",
      discount: "20",
      telegramChats: ["-1001234567890"],
    });
    expect(parsed).toStrictEqual({
      name: "Gold",
      subtitle: "",
      badge: null,
      icon: "zap",
      features: ["Signals", "Support"],
      telegramChats: [-1001234567890],
    });
  });
});

describe("planSchema's defaults", () => {
  it("gives a plan sent without chats or features empty lists", () => {
    const { telegramChats, features } = planSchema.parse({ name: "Gold", monthlyPrice: "49.5" });
    expect({ telegramChats, features }).toStrictEqual({ telegramChats: [], features: [] });
  });
});
