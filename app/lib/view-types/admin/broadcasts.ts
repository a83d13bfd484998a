import type { BroadcastAudience, BroadcastChannel, BroadcastProgress, BroadcastState } from "~/lib/broadcasts";

/** One row of /admin/broadcasts. */
export type AdminBroadcastRow = {
  id: string;
  subject: string;
  channel: BroadcastChannel;
  state: BroadcastState;
  audience: string;
  /** ISO: when it was (or is to be) sent, or when it was written for a draft. */
  at: string;
  createdAt: string;
  scheduledAt: string | null;
  progress: BroadcastProgress;
};

/** One page of /admin/broadcasts. */
export type AdminBroadcastPage = { rows: AdminBroadcastRow[]; total: number; page: number; pageCount: number };

/** A broadcast on its own page. */
export type AdminBroadcast = {
  id: string;
  subject: string;
  body: string;
  channel: BroadcastChannel;
  state: BroadcastState;
  audience: BroadcastAudience;
  audienceText: string;
  scheduledAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  cancelledAt: string | null;
  progress: BroadcastProgress;
};

/** A plan the audience picker offers. */
export type BroadcastPlanChoice = { id: number; name: string };

/** The preview: the bot's and the email's copies and who would get them now. */
export type BroadcastPreview = {
  telegramHtml: string;
  telegramLength: number;
  telegramLimit: number;
  emailHtml: string;
  recipients: { members: number; bot: number; email: number };
};
