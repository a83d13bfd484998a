import { describe, expect, it } from "vitest";
import { DEFAULT_MEMBER_QUERY, isFiltered, memberListQuery, memberQueryMessages, parseMemberQuery } from "./members";

const parse = (query: string) => parseMemberQuery(new URLSearchParams(query));

describe("the member list's query string", () => {
  it("reads every filter, the sort and the page", () => {
    expect(
      parse(
        "q=%20Ada%20%20Love%20&plan=7&telegram=verified&balance=1&banned=on&deleted=1&joinedFrom=2026-01-01&joinedTo=2026-02-28&sort=balance&dir=desc&page=3",
      ),
    ).toEqual({
      query: {
        q: "Ada Love",
        plan: { kind: "plan", planId: 7 },
        telegram: "verified",
        balance: true,
        banned: true,
        deleted: true,
        joinedFrom: "2026-01-01",
        joinedTo: "2026-02-28",
        sort: "balance",
        dir: "desc",
        page: 3,
      },
      problems: [],
    });
    expect(parse("plan=active").query.plan).toEqual({ kind: "active" });
    expect(parse("plan=lapsed").query.plan).toEqual({ kind: "lapsed" });
  });

  it("is the defaults when empty; a sort without a direction takes its natural one", () => {
    expect(parse("")).toEqual({ query: DEFAULT_MEMBER_QUERY, problems: [] });
    expect(parse("sort=email").query).toMatchObject({ sort: "email", dir: "asc" });
    expect(parse("sort=joined").query).toMatchObject({ sort: "joined", dir: "desc" });
  });

  it("drops each value it cannot use, with a message, and keeps the rest", () => {
    const { query, problems } = parse(
      "q=a%01b&plan=0&telegram=yes&joinedFrom=2026-13-01&joinedTo=tomorrow&sort=email&dir=up&page=1.5&balance=1",
    );
    expect(query).toEqual({ ...DEFAULT_MEMBER_QUERY, balance: true });
    expect(problems).toEqual([
      memberQueryMessages.search,
      memberQueryMessages.plan,
      memberQueryMessages.telegram,
      memberQueryMessages.date("Signed up from"),
      memberQueryMessages.date("Signed up to"),
      memberQueryMessages.sort,
      memberQueryMessages.page,
    ]);
    expect(parse("joinedFrom=2026-05-02&joinedTo=2026-05-01")).toEqual({
      query: DEFAULT_MEMBER_QUERY,
      problems: [memberQueryMessages.dateOrder],
    });
    expect(parse(`q=${"x".repeat(101)}`).problems).toEqual([memberQueryMessages.search]);
    expect(parse(`q=${"x".repeat(100)}`).query.q).toHaveLength(100);
    expect(parse("page=1000001").problems).toEqual([memberQueryMessages.page]);
  });

  it("writes back only what differs from the defaults, and round-trips", () => {
    expect(memberListQuery(DEFAULT_MEMBER_QUERY)).toBe("");
    const query = parse(
      "q=ada&plan=lapsed&telegram=unverified&balance=1&banned=1&deleted=1&joinedFrom=2026-01-01&sort=email&dir=asc&page=2",
    ).query;
    const text = memberListQuery(query);
    expect(text).toBe(
      "?q=ada&plan=lapsed&telegram=unverified&balance=1&banned=1&deleted=1&joinedFrom=2026-01-01&sort=email&dir=asc&page=2",
    );
    expect(parse(text.slice(1)).query).toEqual(query);
    expect(memberListQuery({ plan: { kind: "plan", planId: 4 } })).toBe("?plan=4");
  });

  it("knows when the list is narrowed", () => {
    expect(isFiltered(DEFAULT_MEMBER_QUERY)).toBe(false);
    expect(isFiltered({ ...DEFAULT_MEMBER_QUERY, sort: "email", page: 4 })).toBe(false);
    expect(isFiltered({ ...DEFAULT_MEMBER_QUERY, banned: true })).toBe(true);
    expect(isFiltered({ ...DEFAULT_MEMBER_QUERY, deleted: true })).toBe(true);
    expect(isFiltered({ ...DEFAULT_MEMBER_QUERY, joinedTo: "2026-01-01" })).toBe(true);
  });
});

describe("the member list's address, edge by edge", () => {
  const parse = (text: string) => parseMemberQuery(new URLSearchParams(text));

  it("takes a plan id of up to nine digits, nothing around it", () => {
    expect(parse("plan=123456789").query.plan).toEqual({ kind: "plan", planId: 123_456_789 });
    for (const bad of ["1234567890", "x1", "1x", "01", "0"]) {
      expect(parse(`plan=${bad}`).query.plan, bad).toBeNull();
      expect(parse(`plan=${bad}`).problems, bad).toEqual([memberQueryMessages.plan]);
    }
  });

  it("takes a sign-up day only as a whole calendar day, and a range only in order", () => {
    for (const bad of ["x2026-01-01", "2026-01-01x", "2026-02-30"])
      expect(parse(`joinedFrom=${bad}`).query.joinedFrom, bad).toBeNull();
    expect(parse("joinedFrom=2026-01-02&joinedTo=2026-01-02").query).toMatchObject({
      joinedFrom: "2026-01-02",
      joinedTo: "2026-01-02",
    });
    expect(parse("joinedTo=2026-01-02").query.joinedTo).toBe("2026-01-02");
    const reversed = parse("joinedFrom=2026-01-03&joinedTo=2026-01-02");
    expect(reversed.query).toMatchObject({ joinedFrom: null, joinedTo: null });
    expect(reversed.problems).toEqual([memberQueryMessages.dateOrder]);
  });

  it("refuses an unknown sort even with a known direction", () => {
    const parsed = parse("sort=password&dir=asc");
    expect(parsed.problems).toEqual([memberQueryMessages.sort]);
    expect(parsed.query).toMatchObject({ sort: "joined", dir: "desc" });
  });

  it("writes only what differs from the defaults, each filter under its own name", () => {
    expect(memberListQuery({ joinedTo: "2026-02-01" })).toBe("?joinedTo=2026-02-01");
    expect(memberListQuery({ joinedFrom: "2026-01-01" })).toBe("?joinedFrom=2026-01-01");
    expect(memberListQuery({ sort: "joined", dir: "asc" })).toBe("?sort=joined&dir=asc");
    expect(memberListQuery({ sort: "email", dir: "desc" })).toBe("?sort=email&dir=desc");
  });

  it("counts each filter on its own as narrowing the list", () => {
    for (const filter of [
      { q: "ann" },
      { plan: { kind: "active" as const } },
      { telegram: "verified" as const },
      { balance: true },
      { banned: true },
      { joinedFrom: "2026-01-01" },
      { joinedTo: "2026-01-01" },
    ])
      expect(isFiltered({ ...DEFAULT_MEMBER_QUERY, ...filter }), JSON.stringify(filter)).toBe(true);
  });
});
