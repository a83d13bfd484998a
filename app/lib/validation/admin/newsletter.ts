import { z } from "zod";
import { SUBSCRIBER_STATUSES } from "../../view-types/admin/newsletter";
import { noControl } from "../fields";
import { listPage } from "../list-page";
import { serialIdNumber } from "../serial-id";

/*
 * The back office's Newsletter section: the subscriber list's filters (a GET, read
 * leniently: a bad value shows the default) and the staff actions (a POST, read strictly).
 */

export const NEWSLETTER_SEARCH_MAX = 100;
export const NEWSLETTER_PAGE_SIZE = 50;

export const newsletterFilterSchema = z.object({
  q: z
    .string()
    // White space is folded below; the request guard has already refused any other control character.
    .refine(noControl({ lines: true }))
    .optional()
    .catch("")
    .transform((q) => (q ?? "").trim().slice(0, NEWSLETTER_SEARCH_MAX)),
  status: z
    .enum(["all", ...SUBSCRIBER_STATUSES])
    .optional()
    .catch("all")
    .transform((s) => s ?? "all"),
  page: listPage(100_000),
});
export type NewsletterFilter = z.output<typeof newsletterFilterSchema>;

const id = (message: string) =>
  z.union([z.string(), z.number()], { message }).transform(Number).pipe(serialIdNumber(message));

/** Everything the Newsletter page posts, by `intent`. */
export const newsletterActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("unsubscribe"), subscriberId: id("Which subscriber?") }),
    z.object({ intent: z.literal("retry"), postId: id("Which post?") }),
  ],
  { message: "Unknown action." },
);
