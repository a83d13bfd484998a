import { z } from "zod";
import { noControl, notAllowedCharacters } from "../fields";
import { serialId } from "../serial-id";

/*
 * The back office's knowledgebase forms, parsed by the same schemas in the browser
 * and on the server. The body is the rich-text editor's HTML: the server sanitizes it on save
 * (server/content/sanitize.ts) with the rules the pages read it with.
 */

export const KNOWLEDGEBASE_TITLE_MAX = 200;
/** HTML characters of one article; well under the 64 KB body limit of every action. */
export const KNOWLEDGEBASE_CONTENT_MAX = 50_000;

export const knowledgebaseMessages = {
  titleRequired: "Please enter a title.",
  titleTooLong: `The title must be at most ${KNOWLEDGEBASE_TITLE_MAX} characters.`,
  titleCharacters: `${notAllowedCharacters("The title")}.`,
  contentCharacters: `${notAllowedCharacters("The article")}.`,
  contentRequired: "Please write the article's text.",
  contentTooLong: `The article is too long: at most ${KNOWLEDGEBASE_CONTENT_MAX.toLocaleString("en-US")} characters of formatted text.`,
  badArticle: "Unknown article.",
  badDirection: "Move the article up or down.",
} as const;

const articleId = serialId(knowledgebaseMessages.badArticle);

/** Create or edit one article: a title and the editor's HTML. */
export const knowledgebaseArticleSchema = z.object({
  title: z
    .string({ message: knowledgebaseMessages.titleRequired })
    .trim()
    .min(1, knowledgebaseMessages.titleRequired)
    .max(KNOWLEDGEBASE_TITLE_MAX, knowledgebaseMessages.titleTooLong)
    .refine(noControl(), knowledgebaseMessages.titleCharacters),
  content: z
    .string({ message: knowledgebaseMessages.contentRequired })
    .max(KNOWLEDGEBASE_CONTENT_MAX, knowledgebaseMessages.contentTooLong)
    .refine(noControl({ lines: true }), knowledgebaseMessages.contentCharacters)
    // An empty editor still holds "<p></p>": text, not tags, makes an article.
    .refine((html) => html.replace(/<[^>]*>/g, "").trim().length > 0, knowledgebaseMessages.contentRequired),
});
export type KnowledgebaseArticleInput = z.output<typeof knowledgebaseArticleSchema>;

/** The list's buttons: publish or unpublish, move up or down, delete. */
export const knowledgebaseListSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("publish"),
    id: articleId,
    published: z.enum(["true", "false"]).transform((v) => v === "true"),
  }),
  z.object({
    intent: z.literal("move"),
    id: articleId,
    direction: z.enum(["up", "down"], { message: knowledgebaseMessages.badDirection }),
  }),
  z.object({ intent: z.literal("delete"), id: articleId }),
]);
export type KnowledgebaseListInput = z.output<typeof knowledgebaseListSchema>;
