import type { StaffRole } from "../staff-roles";

/*
 * What the back office's loaders hand its components (issue #16). Money as integer
 * micro-USDT strings, dates as ISO strings, as everywhere.
 */

/** The signed-in staff member, as the shell shows them. */
export type AdminViewer = { email: string; name: string; role: StaffRole };

export type AdminOverview = {
  members: number;
  activeSubscriptions: number;
  /** Only for roles that may see money. */
  money?: { balances: string; deposits30d: string; depositCount30d: number; alerts30d: number };
  /** Only for roles that edit content. */
  content?: { publishedPosts: number; draftPosts: number; publishedPlans: number };
};

export type AuditEntry = {
  id: number;
  at: string;
  actorLabel: string;
  actorRole: string;
  action: string;
  target: string;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

export type AuditPage = {
  entries: AuditEntry[];
  page: number;
  pageCount: number;
  total: number;
  /** What the filters offer: every staff member and action the log holds. */
  choices: { actors: string[]; actions: string[] };
};

/** One changed field of an audit row, as a person reads it (null: absent or empty). */
export type FieldChange = { field: string; before: string | null; after: string | null };

export type TargetHistoryEntry = {
  id: number;
  at: string;
  actorLabel: string;
  actorRole: string;
  action: string;
  summary: string;
  changes: FieldChange[];
};

/** One record's own audit rows, newest first; `more` when older ones are left out. */
export type TargetHistory = { target: string; entries: TargetHistoryEntry[]; more: boolean };

export type StaffListEntry = {
  userId: string;
  email: string;
  name: string;
  role: StaffRole;
  twoFactorEnabled: boolean;
  /** The most recent activity of any of their sessions, or null when signed out everywhere. */
  lastActiveAt: string | null;
};

/** An invitation to the staff still waiting for its answer (issue #16). */
export type StaffInvitationView = {
  id: number;
  email: string;
  role: StaffRole;
  /** Who invited (their email, as the audit log names them). */
  invitedBy: string;
  sentAt: string;
  expiresAt: string;
  /** Past its 72 hours: the link no longer works until it is sent again. */
  expired: boolean;
};

/** A plan as the back office edits it (all fields, published or not). */
export type AdminPlan = {
  id: number;
  planId: string;
  name: string;
  subtitle: string;
  badge: string | null;
  icon: string;
  discount: number;
  /** Monthly price in force now, micro-USDT. */
  price: string;
  originalPrice: string | null;
  features: string[];
  /** The Telegram chats (channel or group ids) a subscription to this plan unlocks. */
  telegramChats: string[];
  published: boolean;
  displayOrder: number;
  /** Members whose subscription to this plan renews (a higher price waits 30 days for them). */
  renewing: number;
  /** A price waiting for its date, if any. */
  /** A rise whose notice runs: renewing members pay `oldPrice` until `effectiveAt` (new buyers pay the plan's price). */
  scheduled: { changeId: number; oldPrice: string; newPrice: string; effectiveAt: string } | null;
};
