import { z } from "zod";
import { AUDIENCE_STATUSES, BROADCAST_CHANNELS, BROADCAST_STATES, MAX_ENDED_WITHIN_DAYS } from "~/lib/broadcasts";
import { noControl, notAllowedCharacters } from "../fields";
import { listPage } from "../list-page";
import { serialId } from "../serial-id";

/*
 * The back office's broadcast form, parsed by the same schemas in the browser and on the server.
 * The body is the rich-text editor's HTML: the server sanitizes it on save.
 */

export const BROADCAST_SUBJECT_MAX = 150;
/** HTML characters of one message; well under the 64 KB body limit of every action. */
export const BROADCAST_BODY_MAX = 30_000;

export const broadcastMessages = {
  subjectRequired: "Please enter a subject.",
  subjectTooLong: `The subject must be at most ${BROADCAST_SUBJECT_MAX} characters.`,
  subjectCharacters: `${notAllowedCharacters("The subject")}.`,
  bodyRequired: "Please write the message.",
  bodyTooLong: `The message is too long: at most ${BROADCAST_BODY_MAX.toLocaleString("en-US")} characters of formatted text.`,
  bodyCharacters: `${notAllowedCharacters("The message")}.`,
  statusesRequired: "Choose at least one group of members.",
  badPlan: "Choose plans from the list.",
  days: `Enter a number of days from 1 to ${MAX_ENDED_WITHIN_DAYS}.`,
  channel: "Choose how to send it: bot, email or both.",
  scheduleRequired: "Choose when to send it.",
  scheduleInvalid: "Enter a valid date and time.",
} as const;

export const broadcastAudienceSchema = z.object({
  statuses: z
    .array(z.enum(AUDIENCE_STATUSES, { message: broadcastMessages.statusesRequired }))
    .min(1, broadcastMessages.statusesRequired)
    .max(AUDIENCE_STATUSES.length, broadcastMessages.statusesRequired)
    .transform((statuses) => [...new Set(statuses)]),
  planIds: z
    .array(serialId(broadcastMessages.badPlan))
    .max(100, broadcastMessages.badPlan)
    .transform((ids) => [...new Set(ids)]),
  endedWithinDays: z.coerce
    .number({ message: broadcastMessages.days })
    .int(broadcastMessages.days)
    .min(1, broadcastMessages.days)
    .max(MAX_ENDED_WITHIN_DAYS, broadcastMessages.days),
});

/** What the compose form holds: the message, its audience and the way. */
export const broadcastContentSchema = z.object({
  subject: z
    .string({ message: broadcastMessages.subjectRequired })
    .trim()
    .min(1, broadcastMessages.subjectRequired)
    .max(BROADCAST_SUBJECT_MAX, broadcastMessages.subjectTooLong)
    .refine(noControl(), broadcastMessages.subjectCharacters),
  body: z
    .string({ message: broadcastMessages.bodyRequired })
    .max(BROADCAST_BODY_MAX, broadcastMessages.bodyTooLong)
    .refine(noControl({ lines: true }), broadcastMessages.bodyCharacters)
    // An empty editor still holds "<p></p>": text, not tags, makes a message.
    .refine((html) => html.replace(/<[^>]*>/g, "").trim().length > 0, broadcastMessages.bodyRequired),
  channel: z.enum(BROADCAST_CHANNELS, { message: broadcastMessages.channel }),
  audience: broadcastAudienceSchema,
});
export type BroadcastContentInput = z.output<typeof broadcastContentSchema>;

/** The preview and the recipient count: the form as it stands, the body possibly still empty. */
export const broadcastPreviewSchema = broadcastContentSchema.extend({
  subject: z
    .string()
    .max(BROADCAST_SUBJECT_MAX * 2)
    .refine(noControl(), broadcastMessages.subjectCharacters)
    .default(""),
  body: z
    .string()
    .max(BROADCAST_BODY_MAX, broadcastMessages.bodyTooLong)
    .refine(noControl({ lines: true }), broadcastMessages.bodyCharacters)
    .default(""),
});
export type BroadcastPreviewInput = z.output<typeof broadcastPreviewSchema>;

/** The compose page's buttons: save the draft, send now, schedule, cancel. */
export const broadcastActionSchema = z.discriminatedUnion("intent", [
  broadcastContentSchema.extend({ intent: z.literal("save") }),
  broadcastContentSchema.extend({ intent: z.literal("send") }),
  broadcastContentSchema.extend({
    intent: z.literal("schedule"),
    scheduledAt: z
      .string({ message: broadcastMessages.scheduleRequired })
      .min(1, broadcastMessages.scheduleRequired)
      .refine(noControl(), broadcastMessages.scheduleInvalid)
      .refine((value) => !Number.isNaN(Date.parse(value)), broadcastMessages.scheduleInvalid)
      .transform((value) => new Date(value)),
  }),
  z.object({ intent: z.literal("cancel") }),
]);
export type BroadcastActionInput = z.output<typeof broadcastActionSchema>;

/** Rows per page of /admin/broadcasts. */
export const BROADCASTS_PER_PAGE = 25;

/** The list's address: a state to show (or all) and the page; anything else reads as the default. */
export const broadcastListQuerySchema = z.object({
  state: z.enum(["all", ...BROADCAST_STATES]).catch("all"),
  page: listPage(100_000),
});
export type BroadcastListQuery = z.output<typeof broadcastListQuerySchema>;

export const readBroadcastListQuery = (search: URLSearchParams) =>
  broadcastListQuerySchema.parse({ state: search.get("state") ?? undefined, page: search.get("page") ?? undefined });
