/*
 * The back office's Newsletter section, as its loader hands it to the page.
 * Dates are ISO strings.
 */

export const SUBSCRIBER_STATUSES = ["confirmed", "pending", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export type NewsletterCounts = Record<SubscriberStatus, number>;

export type NewsletterSubscriberRow = {
  id: number;
  email: string;
  status: SubscriberStatus;
  /** When the address was first given. */
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
};

export type NewsletterSubscriberPage = {
  rows: NewsletterSubscriberRow[];
  /** Matches of the search and status filter, over all pages. */
  total: number;
  page: number;
  pageCount: number;
};

/** One post's new-post emails, by state. */
export type NewsletterPostDelivery = {
  postId: number;
  title: string;
  slug: string;
  /** Waiting for their turn or a retry (`retrying`: of those, how many failed at least once). */
  queued: number;
  retrying: number;
  sent: number;
  /** Tried the most times the sender tries, never sent: a retry from here sends them again. */
  failed: number;
  /** Not sent on purpose: the subscriber left, or the post was taken down, before its turn. */
  skipped: number;
  lastError: string | null;
};
