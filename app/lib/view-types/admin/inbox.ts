/*
 * The back office's support inbox, as its loaders hand it to the pages. Contact text is plain
 * text: components render it as text, never as markup. Dates are ISO strings.
 */

export const INBOX_STATUSES = ["new", "open", "answered", "closed"] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

export const INBOX_STATUS_LABELS: Record<InboxStatus, string> = {
  new: "New",
  open: "Open",
  answered: "Answered",
  closed: "Closed",
};

/** One contact message in the list. */
export type InboxRow = {
  id: number;
  name: string;
  email: string;
  /** The start of the message, for the list (the page shows all of it). */
  excerpt: string;
  status: InboxStatus;
  assignee: string | null;
  /** A signed-in member sent it. */
  memberId: string | null;
  createdAt: string;
};

export type InboxPage = { rows: InboxRow[]; total: number; page: number; pageCount: number };

/** Where a reply's email is: waiting for its first try, retried after a failure, sent, or given up. */
export type ReplyDelivery = "queued" | "retrying" | "sent" | "failed";

/** One item of a sender's thread, in time order. */
export type ThreadItem =
  | {
      kind: "message";
      id: number;
      at: string;
      name: string;
      email: string;
      telegram: string | null;
      body: string;
      status: InboxStatus;
      /** The message this page is about (the others are the same sender's). */
      current: boolean;
    }
  | {
      kind: "reply";
      id: number;
      at: string;
      submissionId: number;
      author: string;
      body: string;
      delivery: ReplyDelivery;
      sentAt: string | null;
      attempts: number;
      lastError: string | null;
    }
  | { kind: "note"; id: number; at: string; submissionId: number; author: string; body: string };

export type InboxMessage = {
  id: number;
  name: string;
  email: string;
  telegram: string | null;
  message: string;
  status: InboxStatus;
  assignedTo: string | null;
  memberId: string | null;
  createdAt: string;
  thread: ThreadItem[];
  /** The sender's messages the thread shows (the newest) and how many there are in all. */
  threadMessages: { shown: number; total: number };
  /** Where the staff's alert of this message is. */
  alert: StaffAlert;
};

/** One channel of a message's staff alert: sent when, or its last error. */
export type StaffAlertChannel = { sentAt: string | null; error: string | null };

/**
 * The staff alert of a new message (an email to the support address, a Telegram message to the
 * staff chat): "sent" when every configured channel went out, "retrying" after a failure,
 * "failed" once the tries are used up, "pending" before the first try.
 */
export type StaffAlert = {
  state: "pending" | "retrying" | "sent" | "failed";
  attempts: number;
  maxAttempts: number;
  email: StaffAlertChannel;
  telegram: StaffAlertChannel;
};

/** Someone a message may be assigned to: staff who may read the inbox. */
export type InboxAssignee = { id: string; label: string };

/** One of a member's contact messages, as their page in the back office lists them. */
export type MemberContactMessage = { id: number; excerpt: string; status: InboxStatus; createdAt: string };
