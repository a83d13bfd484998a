import { describe, expect, it } from "vitest";
import {
  expectedWinRate,
  MAX_COUNT,
  MAX_CSV_CHARS,
  MAX_CSV_ROWS,
  MAX_TOTAL_PERCENTAGE,
  publishedFlag,
  resultFields,
  resultMessages,
  WIN_RATE_TOLERANCE,
} from "./results";

// One field on its own (the rules across fields are in results-actions.test.ts), and the first
// message, the one the form shows under it.
const field = (name: keyof typeof resultFields, value: unknown) => {
  const parsed = resultFields[name].safeParse(value);
  return parsed.success ? { value: parsed.data } : { message: parsed.error.issues[0]!.message };
};

describe("the results tracker's limits and words", () => {
  it("are the ones the editor and the CSV import show", () => {
    expect([MAX_COUNT, MAX_TOTAL_PERCENTAGE, WIN_RATE_TOLERANCE, MAX_CSV_CHARS, MAX_CSV_ROWS]).toEqual([
      1_000_000, 1_000_000, 0.5, 48_000, 500,
    ]);
    expect(resultMessages.type).toBe(
      "Choose a market type: broadcastai, forex, high_lev_futures, low_lev_futures, spot.",
    );
    expect(resultMessages.count("Wins")).toBe("Wins must be a whole number, 0 or more.");
    expect(resultMessages.countMax("Wins")).toBe("Wins must be at most 1,000,000.");
    expect(resultMessages.totalPercentage).toBe(
      "Total percentage must be a number with at most 2 decimals, such as 42.5 or -12.25.",
    );
    expect(resultMessages.totalPercentageRange).toBe("Total percentage must be between -1,000,000 and 1,000,000.");
    expect(resultMessages.winRate).toBe("Win rate must be a number from 0 to 100 with at most 2 decimals.");
    expect(resultMessages.closedOverSignals(11, 10)).toBe("Wins plus losses (11) cannot be more than signals (10).");
    expect(resultMessages.winRateMismatch(66.67)).toBe(
      "Win rate must match wins ÷ (wins + losses): 66.67% (rounded to a whole percent is fine).",
    );
    expect(resultMessages.winRateNoClosed).toBe("Win rate must be 0 while there are no wins or losses.");
    expect(resultMessages.published).toBe("Published must be true or false (empty means a draft).");
  });
});

describe("expectedWinRate", () => {
  it("is wins ÷ (wins + losses) in percent with 2 decimals, and 0 when nothing closed", () => {
    expect(expectedWinRate(0, 0)).toBe(0);
    expect(expectedWinRate(0, 3)).toBe(0);
    expect(expectedWinRate(3, 0)).toBe(100);
    expect(expectedWinRate(1, 1)).toBe(50);
    expect(expectedWinRate(2, 1)).toBe(66.67);
    expect(expectedWinRate(1, 2)).toBe(33.33);
    expect(expectedWinRate(1, 7)).toBe(12.5);
  });
});

describe("type and title", () => {
  it("takes each market type, and names them all for another", () => {
    for (const type of ["broadcastai", "forex", "high_lev_futures", "low_lev_futures", "spot"])
      expect(field("type", type), type).toEqual({ value: type });
    for (const type of [undefined, "", "crypto", "Forex"]) {
      expect(field("type", type), String(type)).toEqual({
        message: "Choose a market type: broadcastai, forex, high_lev_futures, low_lev_futures, spot.",
      });
    }
  });

  it("requires a title of at most 120 characters, trimmed", () => {
    expect(field("title", "  Week 12 ")).toEqual({ value: "Week 12" });
    expect(field("title", "t".repeat(120))).toEqual({ value: "t".repeat(120) });
    expect(field("title", " ")).toEqual({ message: "Title is required" });
    expect(field("title", "t".repeat(121))).toEqual({ message: "Title must be less than 120 characters" });
  });
});

describe("signals, wins and losses", () => {
  it("read a whole number from form text or JSON, trimmed, up to 1,000,000", () => {
    expect(field("signals", " 12 ")).toEqual({ value: 12 });
    expect(field("wins", 0)).toEqual({ value: 0 });
    expect(field("losses", "1000000")).toEqual({ value: 1_000_000 });
  });

  it("answer in the count's own words", () => {
    for (const label of ["Signals", "Wins", "Losses"] as const) {
      const name = label.toLowerCase() as "signals" | "wins" | "losses";
      for (const value of [undefined, null, true, "", "  "])
        expect(field(name, value), `${label} ${String(value)}`).toEqual({ message: `${label} is required.` });
      for (const value of ["-1", "1.5", "1e3", "a1", "1a", "1 2", -1, 2.5]) {
        expect(field(name, value), `${label} ${String(value)}`).toEqual({
          message: `${label} must be a whole number, 0 or more.`,
        });
      }
      expect(field(name, "1000001")).toEqual({ message: `${label} must be at most 1,000,000.` });
    }
  });
});

describe("total percentage", () => {
  it("reads a signed number with at most 2 decimals", () => {
    for (const [text, value] of [
      ["42.5", 42.5],
      ["-12.25", -12.25],
      ["+3", 3],
      ["0", 0],
      [" 7.05 ", 7.05],
      [-8.1, -8.1],
      ["1000000", 1_000_000],
      ["-1000000", -1_000_000],
    ] as const) {
      expect(field("totalPercentage", text), String(text)).toEqual({ value });
    }
  });

  it("refuses anything else, and values past one million either way", () => {
    for (const value of [undefined, false, "", " "])
      expect(field("totalPercentage", value), String(value)).toEqual({ message: "Total percentage is required." });
    for (const value of ["12.345", "12.", ".5", "1e3", "--1", "+-1", "1,5", "1a5", "a1", "1a", "%5"]) {
      expect(field("totalPercentage", value), value).toEqual({
        message: "Total percentage must be a number with at most 2 decimals, such as 42.5 or -12.25.",
      });
    }
    for (const value of ["1000000.01", "-1000000.01"]) {
      expect(field("totalPercentage", value), value).toEqual({
        message: "Total percentage must be between -1,000,000 and 1,000,000.",
      });
    }
  });
});

describe("win rate", () => {
  it("reads a number from 0 to 100 with at most 2 decimals", () => {
    for (const [text, value] of [
      ["0", 0],
      ["66.67", 66.67],
      ["12.5", 12.5],
      [" 100 ", 100],
      [75, 75],
    ] as const) {
      expect(field("winRate", text), String(text)).toEqual({ value });
    }
  });

  it("refuses a sign, a third decimal and more than 100", () => {
    for (const value of [undefined, {}, "", "  "])
      expect(field("winRate", value), String(value)).toEqual({ message: "Win rate is required." });
    for (const value of ["-1", "+5", "12.345", "12.", ".5", "1,5", "1a5", "a1", "1a", "100.01", "101"]) {
      expect(field("winRate", value), value).toEqual({
        message: "Win rate must be a number from 0 to 100 with at most 2 decimals.",
      });
    }
  });
});

describe("publishedFlag: a checkbox, a JSON boolean or a CSV word", () => {
  it("publishes for true and the words that mean it, in any case and spacing", () => {
    for (const value of [true, "true", "yes", "1", "on", " TRUE ", "Yes", "ON\t"])
      expect(publishedFlag.parse(value), String(value)).toBe(true);
  });

  it("keeps a draft for false, its words, an empty cell or nothing", () => {
    for (const value of [false, undefined, "", "  ", "false", "no", "0", "off", "False", " NO ", "Off"]) {
      expect(publishedFlag.parse(value), String(value)).toBe(false);
    }
  });

  it("refuses any other word or value", () => {
    for (const value of ["maybe", "y", "2", "published", 1, 0, null]) {
      const parsed = publishedFlag.safeParse(value);
      expect(parsed.success ? parsed.data : parsed.error.issues.map((issue) => issue.message), String(value)).toEqual([
        "Published must be true or false (empty means a draft).",
      ]);
    }
  });
});
