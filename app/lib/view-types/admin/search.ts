import type { StaffRole } from "../../staff-roles";
import type { PostStatus } from "../../validation/admin/posts";

/*
 * What the back office's search hands the header box and the results page.
 * Only the kinds the role may read are present. Dates are ISO strings.
 */

export type MemberSubscriptionHit = {
  plan: string;
  status: "active" | "expired" | "cancelled";
  billingPeriod: "monthly" | "quarterly" | "lifetime";
  /** Renewal or end date; null for lifetime. */
  nextBillingDate: string | null;
  autorenew: boolean;
};

export type MemberHit = {
  userId: string;
  email: string;
  emailVerified: boolean;
  name: string;
  /** A staff account that is also a member (the Members list shows it with its role). */
  staffRole: StaffRole | null;
  telegramUsername: string | null;
  telegramVerified: boolean;
  joinedAt: string;
  subscriptions: MemberSubscriptionHit[];
};

export type PostHit = { id: number; title: string; slug: string; status: PostStatus; date: string };

export type SearchGroup<T> = { rows: T[]; total: number };

export type BackOfficeSearch = {
  query: string;
  members?: SearchGroup<MemberHit>;
  posts?: SearchGroup<PostHit>;
};
