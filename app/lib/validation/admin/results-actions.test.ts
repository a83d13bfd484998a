import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { resultActionSchema, resultSchema } from "./results";

const row = {
  type: "forex",
  title: "Week 12",
  signals: "10",
  wins: "6",
  losses: "2",
  totalPercentage: "42.5",
  winRate: "75",
};
const issuesOf = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
};
const counts = (change: Record<string, unknown>) => issuesOf(resultSchema, { ...row, ...change });

describe("resultSchema: one result as the editor or a CSV line gives it", () => {
  it("reads a complete row as numbers, a draft unless published", () => {
    expect(resultSchema.parse(row)).toStrictEqual({
      type: "forex",
      title: "Week 12",
      signals: 10,
      wins: 6,
      losses: 2,
      totalPercentage: 42.5,
      winRate: 75,
      published: false,
    });
    expect(resultSchema.parse({ ...row, published: "on" }).published).toBe(true);
  });

  it("puts each field's message under the field", () => {
    expect(counts({ type: "crypto", title: "", signals: "x" })).toEqual([
      { path: "type", message: "Choose a market type: broadcastai, forex, high_lev_futures, low_lev_futures, spot." },
      { path: "title", message: "Title is required" },
      { path: "signals", message: "Signals must be a whole number, 0 or more." },
    ]);
  });

  it("allows wins plus losses up to the signals, and no more", () => {
    expect(counts({ signals: "8" })).toEqual([]);
    expect(counts({ signals: "7" })).toEqual([
      { path: "losses", message: "Wins plus losses (8) cannot be more than signals (7)." },
    ]);
  });

  it("asks for a win rate of 0 while nothing closed", () => {
    expect(counts({ wins: "0", losses: "0", winRate: "0" })).toEqual([]);
    expect(counts({ wins: "0", losses: "0", winRate: "0.01" })).toEqual([
      { path: "winRate", message: "Win rate must be 0 while there are no wins or losses." },
    ]);
    expect(counts({ wins: "0", losses: "0", winRate: "50" })).toEqual([
      { path: "winRate", message: "Win rate must be 0 while there are no wins or losses." },
    ]);
  });

  it("takes a win rate within half a percent of wins ÷ (wins + losses), either way", () => {
    const even = { wins: "1", losses: "1" };
    for (const winRate of ["50", "50.5", "49.5"]) expect(counts({ ...even, winRate }), winRate).toEqual([]);
    for (const winRate of ["50.51", "49.49"]) {
      expect(counts({ ...even, winRate }), winRate).toEqual([
        {
          path: "winRate",
          message: "Win rate must match wins ÷ (wins + losses): 50% (rounded to a whole percent is fine).",
        },
      ]);
    }
    expect(counts({ wins: "2", losses: "1", winRate: "67" })).toEqual([]);
    expect(counts({ wins: "2", losses: "1", winRate: "66" })).toEqual([
      {
        path: "winRate",
        message: "Win rate must match wins ÷ (wins + losses): 66.67% (rounded to a whole percent is fine).",
      },
    ]);
    expect(counts({ wins: "0", losses: "3", winRate: "0" })).toEqual([]);
    expect(counts({ wins: "4", losses: "0", winRate: "100" })).toEqual([]);
  });

  it("reports both rules across fields when both are broken", () => {
    expect(counts({ signals: "1", wins: "1", losses: "1", winRate: "75" })).toEqual([
      { path: "losses", message: "Wins plus losses (2) cannot be more than signals (1)." },
      {
        path: "winRate",
        message: "Win rate must match wins ÷ (wins + losses): 50% (rounded to a whole percent is fine).",
      },
    ]);
  });
});

describe("resultActionSchema: what the Results page posts", () => {
  const id = (value: unknown) => issuesOf(resultActionSchema, { intent: "delete", id: value });

  it("creates and updates a result with the same rules across fields", () => {
    expect(resultActionSchema.parse({ intent: "create", ...row })).toMatchObject({
      intent: "create",
      signals: 10,
      winRate: 75,
      published: false,
    });
    expect(resultActionSchema.parse({ intent: "update", id: "3", ...row, published: "yes" })).toMatchObject({
      intent: "update",
      id: 3,
      title: "Week 12",
      published: true,
    });
    expect(issuesOf(resultActionSchema, { intent: "create", ...row, signals: "7" })).toEqual([
      { path: "losses", message: "Wins plus losses (8) cannot be more than signals (7)." },
    ]);
    expect(issuesOf(resultActionSchema, { intent: "update", id: "3", ...row, winRate: "70" })).toEqual([
      {
        path: "winRate",
        message: "Win rate must match wins ÷ (wins + losses): 75% (rounded to a whole percent is fine).",
      },
    ]);
    expect(issuesOf(resultActionSchema, { intent: "update", ...row })).toEqual([
      { path: "id", message: "Which result?" },
    ]);
  });

  it("deletes, publishes and moves one result by its id", () => {
    expect(resultActionSchema.parse({ intent: "delete", id: "9", ...row })).toStrictEqual({ intent: "delete", id: 9 });
    expect(resultActionSchema.parse({ intent: "publish", id: 4, published: "true" })).toStrictEqual({
      intent: "publish",
      id: 4,
      published: true,
    });
    expect(resultActionSchema.parse({ intent: "publish", id: "4" })).toStrictEqual({
      intent: "publish",
      id: 4,
      published: false,
    });
    expect(issuesOf(resultActionSchema, { intent: "publish", id: "4", published: "maybe" })).toEqual([
      { path: "published", message: "Published must be true or false (empty means a draft)." },
    ]);
    expect(resultActionSchema.parse({ intent: "move", id: "2", direction: "up" })).toStrictEqual({
      intent: "move",
      id: 2,
      direction: "up",
    });
    expect(resultActionSchema.parse({ intent: "move", id: "2", direction: "down" })).toStrictEqual({
      intent: "move",
      id: 2,
      direction: "down",
    });
    for (const direction of [undefined, "", "left", "Up"]) {
      expect(issuesOf(resultActionSchema, { intent: "move", id: "2", direction }), String(direction)).toEqual([
        { path: "direction", message: "Move up or down." },
      ]);
    }
  });

  it("asks which result when the id is not a positive whole number", () => {
    expect(id(1)).toEqual([]);
    for (const value of [undefined, null, true, "", "abc", "0", "-1", "1.5", 0, 2.5])
      expect(id(value), String(value)).toEqual([{ path: "id", message: "Which result?" }]);
  });

  it("imports pasted CSV of up to 48,000 characters", () => {
    expect(resultActionSchema.parse({ intent: "import", csv: "type,title\n" })).toStrictEqual({
      intent: "import",
      csv: "type,title\n",
    });
    expect(resultActionSchema.parse({ intent: "import", csv: "c".repeat(48_000) })).toMatchObject({ intent: "import" });
    for (const csv of [undefined, 5, ""]) {
      expect(issuesOf(resultActionSchema, { intent: "import", csv }), String(csv)).toEqual([
        { path: "csv", message: "Paste CSV or choose a file." },
      ]);
    }
    expect(issuesOf(resultActionSchema, { intent: "import", csv: "c".repeat(48_001) })).toEqual([
      { path: "csv", message: "The CSV is too long: at most 48 KB (about 500 rows) per import." },
    ]);
  });

  it("refuses any other action", () => {
    for (const intent of [undefined, "", "archive", "Create"]) {
      expect(issuesOf(resultActionSchema, { intent, id: "1", ...row }), String(intent)).toEqual([
        { path: "intent", message: "Unknown action." },
      ]);
    }
  });
});
