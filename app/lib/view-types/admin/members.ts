import type { MemberListQuery } from "../../validation/admin/members";

/*
 * What the member pages show. Money as integer micro-USDT strings, dates as ISO strings, as
 * everywhere. The list (/admin/members) and the member page (/admin/members/:memberId) each keep
 * their own block below.
 */

// ---- The member list (/admin/members) ----

/** One row of the member list. */
export type MemberListRow = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  telegramUsername: string | null;
  telegramVerified: boolean;
  telegramUserId: string | null;
  balance: string;
  /** The names of the plans with an active subscription, by name. */
  activePlans: string[];
  joinedAt: string;
  banned: boolean;
  /** The staff role when the account is also staff (owner, admin, editor, support), else null. */
  staffRole: string | null;
};

export type MemberListPage = {
  rows: MemberListRow[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
};

/** What the list's loader hands its components. */
export type MemberListView = {
  list: MemberListPage;
  query: MemberListQuery;
  /** Query values that were not understood and left out, as messages. */
  problems: string[];
  /** Every plan, for the plan filter's choices. */
  plans: { id: number; name: string }[];
  /** The CSV export of the same filters. */
  csvHref: string;
};

// ---- end of the member list ----
