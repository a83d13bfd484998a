import { z } from "zod";
import { hasControlCharacter } from "../fields";
import { pageNumber } from "../list-page";

/*
 * The member list's query string: a search, filters, a sort and a page. Everything lives in the
 * address so a filtered list can be shared, reloaded and paged with the back button. A value the
 * page cannot use is dropped (the list falls back to its default for it) and named in a message,
 * never answered with an error page: the address is something people edit by hand.
 */

export const MEMBERS_PAGE_SIZE = 50;
export const MEMBER_SEARCH_MAX = 100;
export const MEMBER_SORTS = ["joined", "email", "balance"] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];
export const SORT_DIRECTIONS = ["asc", "desc"] as const;

/** The subscription filter: any active plan, one plan by its id, or lapsed (had one, none active now). */
export type MemberPlanFilter = { kind: "active" } | { kind: "lapsed" } | { kind: "plan"; planId: number };

export type MemberListQuery = {
  q: string;
  plan: MemberPlanFilter | null;
  telegram: "verified" | "unverified" | null;
  /** Only members whose balance is above zero. */
  balance: boolean;
  /** Only banned accounts. */
  banned: boolean;
  /** Only accounts their members deleted. */
  deleted: boolean;
  /** Signed up on or after this day, and on or before `joinedTo` (UTC days, YYYY-MM-DD). */
  joinedFrom: string | null;
  joinedTo: string | null;
  sort: MemberSort;
  dir: "asc" | "desc";
  page: number;
};

export const DEFAULT_MEMBER_QUERY: MemberListQuery = {
  q: "",
  plan: null,
  telegram: null,
  balance: false,
  banned: false,
  deleted: false,
  joinedFrom: null,
  joinedTo: null,
  sort: "joined",
  dir: "desc",
  page: 1,
};

export const memberQueryMessages = {
  search: `The search can be at most ${MEMBER_SEARCH_MAX} characters, without control characters; it was left out.`,
  plan: "The plan filter was not understood and was left out.",
  telegram: "The Telegram filter was not understood and was left out.",
  date: (label: string) => `${label} is not a date (YYYY-MM-DD) and was left out.`,
  dateOrder: "The signed-up range ends before it starts, so it was left out.",
  sort: "The sort was not understood; the list is sorted by sign-up date, newest first.",
  page: "The page number was not understood; the list starts at page 1.",
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dateSchema = z
  .string()
  .regex(DAY)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  });
const pageSchema = pageNumber(1_000_000);
const ON = new Set(["1", "on", "true", "yes"]);

/** Reads the query string: every usable value, the defaults for the rest, and what was dropped. */
export function parseMemberQuery(params: URLSearchParams): { query: MemberListQuery; problems: string[] } {
  const problems: string[] = [];
  const query: MemberListQuery = { ...DEFAULT_MEMBER_QUERY };
  const get = (name: string) => (params.get(name) ?? "").trim();

  const q = get("q").replace(/\s+/g, " ");
  if (q.length > MEMBER_SEARCH_MAX || hasControlCharacter(q)) problems.push(memberQueryMessages.search);
  else query.q = q;

  const plan = get("plan");
  if (plan === "active" || plan === "lapsed") query.plan = { kind: plan };
  else if (/^[1-9]\d{0,8}$/.test(plan)) query.plan = { kind: "plan", planId: Number(plan) };
  else if (plan !== "") problems.push(memberQueryMessages.plan);

  const telegram = get("telegram");
  if (telegram === "verified" || telegram === "unverified") query.telegram = telegram;
  else if (telegram !== "") problems.push(memberQueryMessages.telegram);

  query.balance = ON.has(get("balance"));
  query.banned = ON.has(get("banned"));
  query.deleted = ON.has(get("deleted"));

  for (const [name, label] of [
    ["joinedFrom", "Signed up from"],
    ["joinedTo", "Signed up to"],
  ] as const) {
    const value = get(name);
    if (value === "") continue;
    if (dateSchema.safeParse(value).success) query[name] = value;
    else problems.push(memberQueryMessages.date(label));
  }
  if (query.joinedFrom && query.joinedTo && query.joinedFrom > query.joinedTo) {
    query.joinedFrom = null;
    query.joinedTo = null;
    problems.push(memberQueryMessages.dateOrder);
  }

  const sort = get("sort");
  const dir = get("dir");
  const sortOk = sort === "" || (MEMBER_SORTS as readonly string[]).includes(sort);
  const dirOk = dir === "" || (SORT_DIRECTIONS as readonly string[]).includes(dir);
  if (sortOk && dirOk) {
    if (sort) query.sort = sort as MemberSort;
    // Dates read newest first by default; an address or a balance reads from the start.
    query.dir = dir ? (dir as "asc" | "desc") : query.sort === "joined" ? "desc" : "asc";
  } else problems.push(memberQueryMessages.sort);

  const page = get("page");
  if (page !== "") {
    const parsed = pageSchema.safeParse(page);
    if (parsed.success) query.page = parsed.data;
    else problems.push(memberQueryMessages.page);
  }
  return { query, problems };
}

/** The query string for a list state: only what differs from the defaults, so addresses stay short. */
export function memberListQuery(query: Partial<MemberListQuery>): string {
  const full = { ...DEFAULT_MEMBER_QUERY, ...query };
  const params = new URLSearchParams();
  if (full.q) params.set("q", full.q);
  if (full.plan) params.set("plan", full.plan.kind === "plan" ? String(full.plan.planId) : full.plan.kind);
  if (full.telegram) params.set("telegram", full.telegram);
  if (full.balance) params.set("balance", "1");
  if (full.banned) params.set("banned", "1");
  if (full.deleted) params.set("deleted", "1");
  if (full.joinedFrom) params.set("joinedFrom", full.joinedFrom);
  if (full.joinedTo) params.set("joinedTo", full.joinedTo);
  if (full.sort !== "joined" || full.dir !== "desc") {
    params.set("sort", full.sort);
    params.set("dir", full.dir);
  }
  if (full.page > 1) params.set("page", String(full.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** Whether any search or filter narrows the list (the page, sort and direction do not). */
export function isFiltered(query: MemberListQuery): boolean {
  return Boolean(
    query.q ||
    query.plan ||
    query.telegram ||
    query.balance ||
    query.banned ||
    query.deleted ||
    query.joinedFrom ||
    query.joinedTo,
  );
}
