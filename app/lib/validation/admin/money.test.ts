import { describe, expect, it } from "vitest";
import {
  DEFAULT_LEDGER_QUERY,
  failedNotificationsQuerySchema,
  isLedgerFiltered,
  LEDGER_KINDS,
  LEDGER_TEXT_MAX,
  ledgerQueryMessages,
  ledgerQueryString,
  parseLedgerQuery,
  reconcileActionSchema,
  renewalsQuerySchema,
  retryNotificationSchema,
} from "./money";

const parse = (query: string) => parseLedgerQuery(new URLSearchParams(query));

describe("parseLedgerQuery (the ledger explorer's address)", () => {
  it("reads an empty address as the newest entries, unfiltered", () => {
    expect(parse("")).toEqual({ query: DEFAULT_LEDGER_QUERY, problems: [] });
    expect(DEFAULT_LEDGER_QUERY).toEqual({
      kind: null,
      from: null,
      to: null,
      member: "",
      reference: "",
      prefix: false,
      before: null,
    });
  });

  it("keeps every usable value, trimmed", () => {
    const { query, problems } = parse(
      "kind=card&from=2026-11-01&to=2026-11-30&member=+Ann@Example.com+&reference=+stripe:cs_1+&prefix=on" +
        "&before=2026-11-20T10:00:00.123456Z~42",
    );
    expect(problems).toEqual([]);
    expect(query).toEqual({
      kind: "card",
      from: "2026-11-01",
      to: "2026-11-30",
      member: "Ann@Example.com",
      reference: "stripe:cs_1",
      prefix: true,
      before: { createdAt: "2026-11-20T10:00:00.123456Z", id: "42" },
    });
  });

  it("knows every kind of ledger entry and nothing else", () => {
    expect(LEDGER_KINDS).toEqual(["deposit", "card", "purchase", "renewal", "adjustment", "refund", "referral"]);
    for (const kind of LEDGER_KINDS) expect(parse(`kind=${kind}`).query.kind).toBe(kind);
    expect(parse("kind=theft")).toEqual({
      query: DEFAULT_LEDGER_QUERY,
      problems: ["The kind was not understood and was left out."],
    });
    expect(parse("kind=Deposit").problems).toEqual([ledgerQueryMessages.kind]);
  });

  it("drops a date that is not a calendar day, naming the field", () => {
    for (const bad of ["2026-02-30", "2026-13-01", "26-11-01", "2026-11-1", "x2026-11-01", "2026-11-01x"]) {
      const from = parse(`from=${bad}`);
      expect(from.query.from, bad).toBeNull();
      expect(from.problems, bad).toEqual(["From is not a date (YYYY-MM-DD) and was left out."]);
      const to = parse(`to=${bad}`);
      expect(to.query.to, bad).toBeNull();
      expect(to.problems, bad).toEqual(["To is not a date (YYYY-MM-DD) and was left out."]);
    }
    expect(parse("from=2028-02-29").query.from).toBe("2028-02-29");
  });

  it("drops a range that ends before it starts, but keeps a one-day range", () => {
    expect(parse("from=2026-11-02&to=2026-11-01")).toEqual({
      query: DEFAULT_LEDGER_QUERY,
      problems: ["The date range ends before it starts, so it was left out."],
    });
    const oneDay = parse("from=2026-11-02&to=2026-11-02");
    expect(oneDay.problems).toEqual([]);
    expect([oneDay.query.from, oneDay.query.to]).toEqual(["2026-11-02", "2026-11-02"]);
    // Only one end: nothing to compare.
    expect(parse("to=2026-11-01").query.to).toBe("2026-11-01");
  });

  it("drops a member or reference that is too long or holds control characters", () => {
    const long = "a".repeat(LEDGER_TEXT_MAX);
    expect(parse(`member=${long}`).query.member).toBe(long);
    expect(parse(`member=${long}a`)).toEqual({
      query: DEFAULT_LEDGER_QUERY,
      problems: [
        `The member can be at most ${LEDGER_TEXT_MAX} characters, without control characters; it was left out.`,
      ],
    });
    expect(parse("member=a%00b").problems).toEqual([ledgerQueryMessages.member]);
    expect(parse(`reference=${long}`).query.reference).toBe(long);
    expect(parse(`reference=${long}a`)).toEqual({
      query: DEFAULT_LEDGER_QUERY,
      problems: [
        `The reference can be at most ${LEDGER_TEXT_MAX} characters, without control characters; it was left out.`,
      ],
    });
    expect(parse("reference=a%01b").problems).toEqual([ledgerQueryMessages.reference]);
  });

  it("reads a prefix search only with a reference and a yes", () => {
    for (const on of ["1", "on", "true", "yes"]) expect(parse(`reference=r&prefix=${on}`).query.prefix, on).toBe(true);
    for (const off of ["", "0", "off", "no", "TRUE"])
      expect(parse(`reference=r&prefix=${off}`).query.prefix, off).toBe(false);
    expect(parse("prefix=1").query.prefix).toBe(false);
  });

  it("reads a page position and starts again at the newest on a broken one", () => {
    expect(parse("before=2026-11-20T10:00:00Z~1").query.before).toEqual({
      createdAt: "2026-11-20T10:00:00Z",
      id: "1",
    });
    for (const bad of [
      "2026-11-20T10:00:00Z",
      "2026-11-20T10:00:00Z~0",
      "2026-11-20T10:00:00Z~01",
      "2026-11-20T10:00:00Z~1x",
      "x2026-11-20T10:00:00Z~1",
      "2026-11-20 10:00:00Z~1",
      "2026-11-20T10:00:00~1",
      "2026-11-20T10:00:00.1234567Z~1",
      "2026-13-45T10:00:00Z~1",
      `2026-11-20T10:00:00Z~${"9".repeat(20)}`,
    ]) {
      expect(parse(`before=${encodeURIComponent(bad)}`), bad).toEqual({
        query: DEFAULT_LEDGER_QUERY,
        problems: ["The page position was not understood; the list starts at the newest entry."],
      });
    }
  });

  it("names every problem at once", () => {
    expect(parse("kind=x&from=bad&to=bad&before=bad").problems).toEqual([
      ledgerQueryMessages.kind,
      ledgerQueryMessages.date("From"),
      ledgerQueryMessages.date("To"),
      ledgerQueryMessages.cursor,
    ]);
  });
});

describe("isLedgerFiltered", () => {
  it("is true for any filter, not for the page position or the prefix switch alone", () => {
    expect(isLedgerFiltered(DEFAULT_LEDGER_QUERY)).toBe(false);
    expect(isLedgerFiltered({ ...DEFAULT_LEDGER_QUERY, before: { createdAt: "x", id: "1" }, prefix: true })).toBe(
      false,
    );
    for (const filter of [
      { kind: "deposit" as const },
      { from: "2026-11-01" },
      { to: "2026-11-01" },
      { member: "a" },
      { reference: "r" },
    ])
      expect(isLedgerFiltered({ ...DEFAULT_LEDGER_QUERY, ...filter }), JSON.stringify(filter)).toBe(true);
  });
});

describe("ledgerQueryString", () => {
  it("is empty for the default view", () => {
    expect(ledgerQueryString(DEFAULT_LEDGER_QUERY)).toBe("");
  });

  it("writes every value in a fixed order, and reads back the same", () => {
    const address =
      "?kind=refund&from=2026-11-01&to=2026-11-30&member=a%40b.com&reference=stripe%3A&prefix=1" +
      "&before=2026-11-20T10%3A00%3A00Z%7E7";
    const { query } = parse(address.slice(1));
    expect(ledgerQueryString(query)).toBe(address);
    expect(parse(ledgerQueryString(query).slice(1)).query).toEqual(query);
  });

  it("leaves out the prefix switch without a reference", () => {
    expect(ledgerQueryString({ ...DEFAULT_LEDGER_QUERY, prefix: true })).toBe("");
    expect(ledgerQueryString({ ...DEFAULT_LEDGER_QUERY, reference: "r" })).toBe("?reference=r");
  });
});

describe("the money pages' actions and addresses", () => {
  it("runs the reconciliation on its one intent only", () => {
    expect(reconcileActionSchema.parse({ intent: "reconcile" })).toEqual({ intent: "reconcile" });
    expect(reconcileActionSchema.safeParse({ intent: "credit" }).error?.issues[0]?.message).toBe("Unknown action.");
  });

  it("reads the renewals page number, the first page for anything else", () => {
    expect(renewalsQuerySchema.parse({ page: "3" })).toEqual({ page: 3 });
    expect(renewalsQuerySchema.parse({ page: "100000" })).toEqual({ page: 100_000 });
    for (const page of [undefined, "", "0", "-2", "1.5", "x", "100001"])
      expect(renewalsQuerySchema.parse({ page }), String(page)).toEqual({ page: 1 });
  });

  it("reads the failed notifications' position, nothing for anything else", () => {
    expect(failedNotificationsQuerySchema.parse({ before: "123" })).toEqual({ before: "123" });
    expect(failedNotificationsQuerySchema.parse({ before: "9".repeat(18) })).toEqual({ before: "9".repeat(18) });
    for (const before of [undefined, "", "0", "012", "1a", "a1", "9".repeat(19)])
      expect(failedNotificationsQuerySchema.parse({ before }), String(before)).toEqual({ before: null });
  });

  it("retries one delivery on one channel, saying what is missing", () => {
    expect(retryNotificationSchema.parse({ intent: "retry", notificationId: "5", channel: "telegram" })).toEqual({
      intent: "retry",
      notificationId: "5",
      channel: "telegram",
    });
    const messageOf = (input: Record<string, unknown>) =>
      retryNotificationSchema.safeParse({ intent: "retry", notificationId: "5", channel: "email", ...input }).error
        ?.issues[0]?.message;
    expect(messageOf({})).toBeUndefined();
    expect(messageOf({ intent: "delete" })).toBe("Unknown action.");
    for (const notificationId of [undefined, "", "0", "05", "5x", "x5", "1".repeat(19)])
      expect(messageOf({ notificationId }), String(notificationId)).toBe("Which notification?");
    for (const channel of [undefined, "sms", "Email"])
      expect(messageOf({ channel }), channel).toBe("Email or Telegram?");
  });
});
