import { describe, expect, it } from "vitest";
import { planSchema } from "./plan";

const valid = { name: " Gold ", monthlyPrice: "49.5", features: [" Signals ", "Support"] };
const firstError = (input: unknown) => {
  const parsed = planSchema.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]!.message;
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
      telegramChats: [],
      features: ["Signals", "Support"],
    });
    expect(planSchema.parse({ ...valid, telegramChats: [" -1001234567890 "] }).telegramChats).toEqual([-1001234567890]);
    expect(planSchema.parse({ ...valid, originalPrice: "99", badge: "Popular", discount: "15" })).toMatchObject({ originalPrice: 99_000_000n, badge: "Popular", discount: 15 });
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
    [{ discount: "2.5" }, "Discount must be a whole number from 0 to 100"],
    [{ icon: "skull" }, "Choose one of the plan icons"],
    [{ features: ["ok", " "] }, "A feature cannot be empty"],
    [{ telegramChats: ["@vip"] }, "A Telegram chat id is a number such as -1001234567890"],
    [{ telegramChats: ["-1001", "-1002"] }, "A Telegram chat id is a number such as -1001234567890"],
    [{ telegramChats: ["-1001234567890", "-1001234567890"] }, "Each Telegram chat is listed once"],
    [{ telegramChats: Array.from({ length: 11 }, (_, i) => `-10012345678${i.toString().padStart(2, "0")}`) }, "A plan grants at most 10 Telegram chats"],
    [{ features: Array.from({ length: 21 }, (_, i) => `f${i}`) }, "A plan lists at most 20 features"],
  ])("refuses %o", (change, message) => {
    expect(firstError({ ...valid, ...change })).toBe(message);
  });
});
