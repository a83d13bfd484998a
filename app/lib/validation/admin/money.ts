import { z } from "zod";
import { hasControlCharacter } from "../fields";
import { listPage } from "../list-page";

/*
 * The ledger explorer's query string (/admin/money): filters and a keyset cursor, all in the
 * address so a filtered view can be shared and reloaded. A value the page cannot use is dropped
 * and named in a message, never answered with an error page: people edit the address by hand.
 */

export const LEDGER_PAGE_SIZE = 50;
export const LEDGER_KINDS = ["deposit", "card", "purchase", "renewal", "adjustment", "refund", "referral"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const LEDGER_TEXT_MAX = 200;

export type LedgerQuery = {
  kind: LedgerKind | null;
  /** UTC days, YYYY-MM-DD, both ends included. */
  from: string | null;
  to: string | null;
  /** A member's email (exact, any case) or account id. */
  member: string;
  /** A ledger reference: exact, or every reference starting with it when `prefix`. */
  reference: string;
  prefix: boolean;
  /** Keyset cursor: the last row shown (`<created_at ISO>~<id>`); the page lists older rows. */
  before: { createdAt: string; id: string } | null;
};

export const DEFAULT_LEDGER_QUERY: LedgerQuery = {
  kind: null,
  from: null,
  to: null,
  member: "",
  reference: "",
  prefix: false,
  before: null,
};

export const ledgerQueryMessages = {
  kind: "The kind was not understood and was left out.",
  date: (label: string) => `${label} is not a date (YYYY-MM-DD) and was left out.`,
  dateOrder: "The date range ends before it starts, so it was left out.",
  member: `The member can be at most ${LEDGER_TEXT_MAX} characters, without control characters; it was left out.`,
  reference: `The reference can be at most ${LEDGER_TEXT_MAX} characters, without control characters; it was left out.`,
  cursor: "The page position was not understood; the list starts at the newest entry.",
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};
const ON = new Set(["1", "on", "true", "yes"]);
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)~([1-9]\d{0,18})$/;

const textOk = (value: string) => value.length <= LEDGER_TEXT_MAX && !hasControlCharacter(value);

/** Reads the query string: every usable value, the defaults for the rest, and what was dropped. */
export function parseLedgerQuery(params: URLSearchParams): { query: LedgerQuery; problems: string[] } {
  const problems: string[] = [];
  const query: LedgerQuery = { ...DEFAULT_LEDGER_QUERY };
  const get = (name: string) => (params.get(name) ?? "").trim();

  const kind = get("kind");
  if ((LEDGER_KINDS as readonly string[]).includes(kind)) query.kind = kind as LedgerKind;
  else if (kind !== "") problems.push(ledgerQueryMessages.kind);

  for (const [name, label] of [
    ["from", "From"],
    ["to", "To"],
  ] as const) {
    const value = get(name);
    if (value === "") continue;
    if (isDay(value)) query[name] = value;
    else problems.push(ledgerQueryMessages.date(label));
  }
  if (query.from && query.to && query.from > query.to) {
    query.from = null;
    query.to = null;
    problems.push(ledgerQueryMessages.dateOrder);
  }

  const member = get("member");
  if (textOk(member)) query.member = member;
  else problems.push(ledgerQueryMessages.member);

  const reference = get("reference");
  if (textOk(reference)) query.reference = reference;
  else problems.push(ledgerQueryMessages.reference);
  query.prefix = query.reference !== "" && ON.has(get("prefix"));

  const before = get("before");
  if (before !== "") {
    const match = CURSOR.exec(before);
    if (match && !Number.isNaN(new Date(match[1]!).getTime())) query.before = { createdAt: match[1]!, id: match[2]! };
    else problems.push(ledgerQueryMessages.cursor);
  }
  return { query, problems };
}

export function isLedgerFiltered(query: LedgerQuery) {
  return Boolean(query.kind || query.from || query.to || query.member || query.reference);
}

/** The query string for a ledger view (empty values left out), `?…` or "". */
export function ledgerQueryString(query: LedgerQuery): string {
  const params = new URLSearchParams();
  if (query.kind) params.set("kind", query.kind);
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (query.member) params.set("member", query.member);
  if (query.reference) params.set("reference", query.reference);
  if (query.reference && query.prefix) params.set("prefix", "1");
  if (query.before) params.set("before", `${query.before.createdAt}~${query.before.id}`);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The reconciliation page's one action: run the ledger check now. */
export const reconcileActionSchema = z.object({ intent: z.literal("reconcile", { error: "Unknown action." }) });

// ---- Renewals (/admin/money/renewals) ----

export const RENEWALS_PAGE_SIZE = 50;
/** How far ahead the renewals page looks. */
export const RENEWALS_WINDOW_DAYS = 7;

/** The renewals page's query string: a page number; anything else reads as the first page. */
export const renewalsQuerySchema = z.object({
  page: listPage(100_000),
});

// ---- Failed notifications (/admin/money/notifications) ----

export const FAILED_NOTIFICATIONS_PAGE_SIZE = 50;
export const NOTIFICATION_CHANNELS = ["email", "telegram"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
const NOTIFICATION_ID = /^[1-9]\d{0,17}$/;

/** The failed notifications page's query string: `before` (a notification id) pages back; anything else is ignored. */
export const failedNotificationsQuerySchema = z.object({
  before: z
    .string()
    .regex(NOTIFICATION_ID)
    .optional()
    .catch(undefined)
    .transform((before) => before ?? null),
});

/** Retry one failed delivery: which notification, which channel. */
export const retryNotificationSchema = z.object({
  intent: z.literal("retry", { error: "Unknown action." }),
  notificationId: z.string({ error: "Which notification?" }).regex(NOTIFICATION_ID, "Which notification?"),
  channel: z.enum(NOTIFICATION_CHANNELS, { error: "Email or Telegram?" }),
});
