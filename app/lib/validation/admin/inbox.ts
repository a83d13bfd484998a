import { z } from "zod";
import { INBOX_STATUSES } from "../../view-types/admin/inbox";
import { noControl, requiredText } from "../fields";
import { listPage } from "../list-page";

/*
 * The back office's support inbox: the list's filters (a GET, read leniently: a bad value
 * shows the default) and the changes to a message (a POST, read strictly).
 */

export const INBOX_SEARCH_MAX = 100;
export const INBOX_PAGE_SIZE = 30;
/** A reply or a note: longer than any contact message, short enough for one email. */
export const INBOX_TEXT_MAX = 5000;

/** "active": everything not closed (the default); "all": closed too. */
export const INBOX_STATUS_FILTERS = ["active", ...INBOX_STATUSES, "all"] as const;
export const INBOX_ASSIGNMENT_FILTERS = ["anyone", "mine", "unassigned"] as const;

export const inboxFilterSchema = z.object({
  q: z
    .string()
    .refine(noControl({ lines: true }))
    .optional()
    .catch("")
    .transform((q) => (q ?? "").trim().slice(0, INBOX_SEARCH_MAX)),
  status: z
    .enum(INBOX_STATUS_FILTERS)
    .optional()
    .catch("active")
    .transform((s) => s ?? "active"),
  assigned: z
    .enum(INBOX_ASSIGNMENT_FILTERS)
    .optional()
    .catch("anyone")
    .transform((a) => a ?? "anyone"),
  page: listPage(100_000),
});
export type InboxFilter = z.output<typeof inboxFilterSchema>;

/** How many of the sender's messages a thread shows at most, however many "older messages" steps are asked for. */
export const INBOX_THREAD_MESSAGES_MAX = 10_000;

/**
 * A message page's address: `?messages=N` shows the sender's newest N messages (the page asks for
 * 100 more at a time); anything unreadable falls back to the first 100.
 */
export const inboxThreadSchema = z.object({
  messages: z.coerce.number().int().min(1).max(INBOX_THREAD_MESSAGES_MAX).optional().catch(undefined),
});

/** The reply and note forms' one field, as the browser checks it before posting. */
export const inboxReplySchema = z.object({ body: requiredText("Reply", INBOX_TEXT_MAX, { lines: true }) });
export const inboxNoteSchema = z.object({ body: requiredText("Note", INBOX_TEXT_MAX, { lines: true }) });

/** Everything a message's page posts, by `intent`. */
export const inboxActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("status"), status: z.enum(INBOX_STATUSES, { message: "Choose a status." }) }),
    // Posted by the message's page when it opens: a new message becomes open.
    z.object({ intent: z.literal("open") }),
    // An empty assignee takes the message off whoever had it.
    z.object({
      intent: z.literal("assign"),
      assignee: z
        .string({ message: "Choose a staff member." })
        .max(100, "Choose a staff member.")
        .refine(noControl(), "Choose a staff member."),
    }),
    inboxNoteSchema.extend({ intent: z.literal("note") }),
    inboxReplySchema.extend({ intent: z.literal("reply") }),
  ],
  { message: "Unknown action." },
);
export type InboxAction = z.output<typeof inboxActionSchema>;
