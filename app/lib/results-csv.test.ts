import { describe, expect, it } from "vitest";
import { csvMessages, parseResultsCsv, validCsvRows } from "./results-csv";
import { MAX_CSV_ROWS, resultMessages, resultSchema } from "./validation/admin/results";

const HEADER = "type,title,signals,wins,losses,total_percentage,win_rate,published";

describe("the results CSV", () => {
  it("reads quoted values (commas, doubled quotes, line breaks), CRLF and blank lines, with each row's line number; a title is one line", () => {
    const text = [
      HEADER,
      'forex,"Q1, ""the good one""",10,5,5,1.5,50,true',
      "",
      'spot,"two\nlines",4,1,3,-2,25,no',
      "",
    ].join("\r\n");
    const preview = parseResultsCsv(text);
    expect(preview.error).toBeNull();
    expect(preview.rows.map((r) => [r.line, r.cells.title, r.input?.published])).toEqual([
      [2, 'Q1, "the good one"', true],
      [4, "two\nlines", undefined],
    ]);
    // The line break is read as part of the quoted value, and the title (one line) then refuses it.
    expect(preview.rows[1]!.errors).toEqual({ title: "Title contains characters that are not allowed" });
    expect(validCsvRows(preview)).toBeNull();
  });

  it("follows RFC 4180: a BOM, a quoted header, embedded commas, quotes and line breaks, CR or CRLF line ends", () => {
    const lines = [
      '"type","title",signals,wins,losses,total_percentage,win_rate',
      'forex,"EURUSD, ""long""",2,1,1,0,50',
      'spot,"two\nlines",1,1,0,1,100',
      'high_lev_futures,"BTC, spot",1,0,1,-1,0',
    ];
    for (const end of ["\n", "\r\n", "\r"]) {
      const preview = parseResultsCsv(`\uFEFF${lines.join(end)}${end}`);
      expect(preview.error, JSON.stringify(end)).toBeNull();
      // Line numbers count the line break inside the quoted value: the third result starts on line 5.
      expect(preview.rows.map((r) => [r.line, r.cells.title, r.input?.title ?? null])).toEqual([
        [2, 'EURUSD, "long"', 'EURUSD, "long"'],
        [3, "two\nlines", null],
        [5, "BTC, spot", "BTC, spot"],
      ]);
      expect(preview.rows[2]!.input).toMatchObject({
        type: "high_lev_futures",
        signals: 1,
        losses: 1,
        totalPercentage: -1,
        winRate: 0,
      });
    }
  });

  it("refuses a file it cannot read as a whole, with the reason", () => {
    expect(parseResultsCsv("").error).toBe(csvMessages.empty);
    expect(parseResultsCsv(" \n \n").error).toBe(csvMessages.empty);
    expect(parseResultsCsv(`${HEADER}\nforex,"open,1,1,0,1,100`).error).toBe(csvMessages.unterminated);
    // A closing quote must end its value.
    expect(parseResultsCsv(`${HEADER}\nforex,"Q1"x,1,1,0,1,100,\nspot,Q2,1,1,0,1,100,`).error).toBe(
      csvMessages.unterminated,
    );
    expect(parseResultsCsv("type,title,signals").error).toBe(
      csvMessages.missing(["wins", "losses", "total_percentage", "win_rate"]),
    );
    expect(parseResultsCsv(`${HEADER},notes`).error).toBe(csvMessages.unknown(["notes"]));
    expect(parseResultsCsv(`${HEADER},title`).error).toBe(csvMessages.duplicate("title"));
    expect(parseResultsCsv(HEADER).error).toBe(csvMessages.noRows);
    const many = [HEADER, ...Array.from({ length: MAX_CSV_ROWS + 1 }, (_, i) => `spot,M${i},1,1,0,1,100,`)].join("\n");
    expect(parseResultsCsv(many).error).toBe(csvMessages.tooManyRows);
  });

  it("checks each row with the form's schema and names the column of each problem; one bad row blocks the import", () => {
    const preview = parseResultsCsv(
      [HEADER, "Forex,Fine,10,6,4,3,60,", "crypto,Bad,5,4,4,abc,50,sometimes", "spot,Short,1"].join("\n"),
    );
    expect(preview.rows[0]!.input).toMatchObject({
      type: "forex",
      title: "Fine",
      signals: 10,
      winRate: 60,
      published: false,
    });
    expect(preview.rows[1]!.errors).toEqual({
      type: resultMessages.type,
      total_percentage: resultMessages.totalPercentage,
      published: resultMessages.published,
    });
    // The rules across fields speak once each field reads well.
    expect(parseResultsCsv([HEADER, "spot,Over,5,4,4,1,50,"].join("\n")).rows[0]!.errors).toEqual({
      losses: resultMessages.closedOverSignals(8, 5),
    });
    expect(preview.rows[2]!.errors).toEqual({ row: csvMessages.cellCount(3, 8) });
    expect(validCsvRows(preview)).toBeNull();
  });
});

describe("one result's rules", () => {
  const base = {
    type: "spot",
    title: "M",
    signals: "10",
    wins: "2",
    losses: "1",
    totalPercentage: "0",
    winRate: "66.67",
  };
  it("accepts a win rate within rounding of wins ÷ (wins + losses), 2 decimals at most, and signs on the total", () => {
    for (const winRate of ["66.67", "66.7", "67", "66.2"])
      expect(resultSchema.safeParse({ ...base, winRate }).success, winRate).toBe(true);
    for (const total of ["-12.25", "+3", "0.5", "100000"])
      expect(resultSchema.safeParse({ ...base, totalPercentage: total }).success, total).toBe(true);
    expect(
      resultSchema.parse({
        ...base,
        signals: 10,
        wins: 2,
        losses: 1,
        totalPercentage: -1.5,
        winRate: 66.67,
        published: true,
      }),
    ).toMatchObject({ signals: 10, totalPercentage: -1.5, published: true });
  });
  it("refuses the rest with the field's message", () => {
    const error = (change: Record<string, string>) =>
      resultSchema.safeParse({ ...base, ...change }).error?.issues[0]?.message;
    expect(error({ winRate: "66.1" })).toBe(resultMessages.winRateMismatch(66.67));
    expect(error({ winRate: "66.667" })).toBe(resultMessages.winRate);
    expect(error({ totalPercentage: "1e3" })).toBe(resultMessages.totalPercentage);
    expect(error({ totalPercentage: "1000001" })).toBe(resultMessages.totalPercentageRange);
    expect(error({ signals: "1000001" })).toBe(resultMessages.countMax("Signals"));
    expect(error({ title: "x".repeat(121) })).toBe("Title must be less than 120 characters");
  });
});
