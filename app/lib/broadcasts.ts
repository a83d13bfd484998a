/*
 * Broadcasts: one message an operator writes once and sends to a chosen audience by the bot,
 * by email or both. What the browser and the server both name: the audience's statuses, the
 * ways, the states and what each delivery came to.
 */

/** Who a broadcast reaches, by what they hold ("trial": a free trial running now, not yet paid). */
export const AUDIENCE_STATUSES = ["active", "trial", "ended", "never_paid"] as const;
export type AudienceStatus = (typeof AUDIENCE_STATUSES)[number];

export const AUDIENCE_STATUS_LABELS: Record<AudienceStatus, string> = {
  active: "Active",
  trial: "On trial",
  ended: "Ended recently",
  never_paid: "Signed up, never paid",
};

export type BroadcastAudience = {
  /** One or more; a member matching any of them is in. */
  statuses: AudienceStatus[];
  /** The plans "active", "trial" and "ended" are about; empty means any plan. */
  planIds: number[];
  /** "Ended recently": a subscription ended within this many days. */
  endedWithinDays: number;
};

export const BROADCAST_CHANNELS = ["bot", "email", "both"] as const;
export type BroadcastChannel = (typeof BROADCAST_CHANNELS)[number];
export const CHANNEL_LABELS: Record<BroadcastChannel, string> = {
  bot: "Telegram bot",
  email: "Email",
  both: "Bot and email",
};

/** One way of reaching a member; a broadcast "both" makes two deliveries per member. */
export const BROADCAST_WAYS = ["bot", "email"] as const;
export type BroadcastWay = (typeof BROADCAST_WAYS)[number];
export const waysOf = (channel: BroadcastChannel): BroadcastWay[] =>
  channel === "both" ? ["bot", "email"] : [channel];

export const BROADCAST_STATES = ["draft", "scheduled", "sending", "cancelled", "done"] as const;
export type BroadcastState = (typeof BROADCAST_STATES)[number];
export const STATE_LABELS: Record<BroadcastState, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  cancelled: "Cancelled",
  done: "Sent",
};

/**
 * What became of one delivery: queued (or being sent), sent, failed, blocked (the member blocked
 * the bot), skipped (the member stopped broadcasts or could no longer be reached by that way
 * when their turn came) or cancelled (the broadcast was cancelled before their turn).
 */
export const DELIVERY_OUTCOMES = ["queued", "sent", "failed", "blocked", "skipped", "cancelled"] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];
export type BroadcastProgress = Record<DeliveryOutcome, number>;

export const emptyProgress = (): BroadcastProgress => ({
  queued: 0,
  sent: 0,
  failed: 0,
  blocked: 0,
  skipped: 0,
  cancelled: 0,
});

/** The longest "ended within" an operator may ask for. */
export const MAX_ENDED_WITHIN_DAYS = 365;
