import { z } from "zod";
import { noControl, notAllowedCharacters } from "../fields";
import { listPage } from "../list-page";

/*
 * The back office's global search: members by email, name or Telegram username,
 * posts by title. One query rule for the header box and the results page.
 */

export const SEARCH_MIN = 2;
export const SEARCH_MAX = 100;
export const SEARCH_KINDS = ["members", "posts"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const searchMessages = {
  tooShort: `Type at least ${SEARCH_MIN} characters.`,
  tooLong: `Search for at most ${SEARCH_MAX} characters.`,
  characters: `${notAllowedCharacters("The search")}.`,
} as const;

/** `q` (trimmed, 2 to 100 characters), and on the results page one kind's further pages. */
export const searchParamsSchema = z.object({
  q: z
    .string()
    .refine(noControl({ lines: true }), searchMessages.characters)
    .optional()
    .transform((q) => (q ?? "").trim().replace(/\s+/g, " "))
    .pipe(z.string().max(SEARCH_MAX, searchMessages.tooLong)),
  kind: z.enum(SEARCH_KINDS).optional().catch(undefined),
  page: listPage(10_000),
});
