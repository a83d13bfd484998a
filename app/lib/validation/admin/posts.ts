import { z } from "zod";
import { noControl, notAllowedCharacters, type TextKind } from "../fields";
import { listPage } from "../list-page";

/*
 * The back office's post editor, parsed by the same schemas in the browser and on
 * the server. The body is the rich-text editor's HTML: the server sanitizes it on save
 * (server/content/sanitize.ts) with the rules the public page reads it with. A draft may be
 * incomplete (autosave keeps whatever is typed); publishing and scheduling need a whole post
 * (postReadiness).
 */

export const POST_TITLE_MAX = 200;
export const POST_SLUG_MAX = 100;
/** HTML characters of one post; well under the 64 KB body limit of every action. */
export const POST_CONTENT_MAX = 50_000;
export const POST_EXCERPT_MAX = 400;
export const POST_SEO_TITLE_MAX = 120;
export const POST_SEO_DESCRIPTION_MAX = 320;
/** The list's page size. */
export const POST_PAGE_SIZE = 20;

export const POST_STATUSES = ["draft", "scheduled", "published", "archived"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const postMessages = {
  titleRequired: "Please enter a title.",
  titleTooLong: `The title must be at most ${POST_TITLE_MAX} characters.`,
  titleCharacters: `${notAllowedCharacters("The title")}.`,
  slugRequired: "Please enter a slug: the post's address, /blog/your-slug.",
  slugFormat: "A slug uses lower-case letters, digits and single hyphens, such as risk-rules-2027.",
  slugTooLong: `The slug must be at most ${POST_SLUG_MAX} characters.`,
  slugTaken: (title?: string) =>
    `This slug is already used by ${title ? `“${title}”` : "another post"}. Choose another one.`,
  heroImageFormat: "Upload the hero image, or use an address on this site (/images/…).",
  socialImageFormat: "Upload the social image, or use an address on this site (/images/…) or a full https:// address.",
  contentCharacters: `${notAllowedCharacters("The post")}.`,
  contentTooLong: `The post is too long: at most ${POST_CONTENT_MAX.toLocaleString("en-US")} characters of formatted text.`,
  scheduleInPast: "Choose a time in the future to schedule the post.",
  scheduleInvalid: "Choose the date and time to publish at.",
  notReady: (missing: string[]) => `Before it can be published, the post needs ${joinWords(missing)}.`,
  notAutosaved: "Only drafts are saved automatically: use Update to change a published or scheduled post.",
  alreadyPublished: "This post is already published.",
  badPost: "Unknown post.",
} as const;

function joinWords(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

// The excerpt and the SEO description are text areas: their line breaks are theirs (`lines`).
const text = (max: number, label: string, options: TextKind = {}) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine(noControl(options), `${notAllowedCharacters(label)}.`)
    .default("");

const sitePath = (value: string) => /^\/(?!\/)[^\s]*$/.test(value);
const httpsAddress = (value: string) => /^https:\/\/[^\s/]+\.[^\s]+$/i.test(value);

/**
 * An image's address; empty means none. The hero shows on our pages, whose CSP loads images from
 * this site only: an upload or a site path. The social image is fetched by other sites' crawlers,
 * so an https address elsewhere works for it too.
 */
const imageAddress = (label: string, options: { elsewhere: boolean; message: string }) =>
  z
    .string()
    .trim()
    .max(500, `${label} must be at most 500 characters.`)
    .refine(noControl(), options.message)
    .refine((value) => value === "" || sitePath(value) || (options.elsewhere && httpsAddress(value)), options.message)
    .default("");

/** What the editor sends on every save, autosave, publish and schedule. */
export const postFieldsSchema = z.object({
  title: z
    .string({ message: postMessages.titleRequired })
    .trim()
    .min(1, postMessages.titleRequired)
    .max(POST_TITLE_MAX, postMessages.titleTooLong)
    .refine(noControl(), postMessages.titleCharacters),
  slug: z
    .string({ message: postMessages.slugRequired })
    .trim()
    .min(1, postMessages.slugRequired)
    .max(POST_SLUG_MAX, postMessages.slugTooLong)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, postMessages.slugFormat),
  category: text(60, "The category"),
  excerpt: text(POST_EXCERPT_MAX, "The excerpt", { lines: true }),
  author: text(100, "The author"),
  authorRole: text(100, "The author's role"),
  image: imageAddress("The hero image", { elsewhere: false, message: postMessages.heroImageFormat }),
  content: z
    .string()
    .max(POST_CONTENT_MAX, postMessages.contentTooLong)
    .refine(noControl({ lines: true }), postMessages.contentCharacters)
    .default(""),
  seoTitle: text(POST_SEO_TITLE_MAX, "The SEO title"),
  seoDescription: text(POST_SEO_DESCRIPTION_MAX, "The SEO description", { lines: true }),
  socialImage: imageAddress("The social image", { elsewhere: true, message: postMessages.socialImageFormat }),
  /** Announce the post in the site's Telegram channel when it goes public (or now, if it is). */
  announceTelegram: z.boolean().default(false),
});
export type PostFields = z.output<typeof postFieldsSchema>;
export type PostFieldsForm = z.input<typeof postFieldsSchema>;

/** A date-time from the editor's picker, sent as an ISO string with its offset (the browser knows the zone). */
const scheduleTime = z
  .string({ message: postMessages.scheduleInvalid })
  .pipe(z.iso.datetime({ offset: true, message: postMessages.scheduleInvalid }))
  .transform((value) => new Date(value));

/**
 * The schedule dialog's picker ("2026-11-23T14:05", the browser's own zone), checked before it
 * is sent: a real time, in the future; what it sends is the exact moment (ISO). The server
 * checks the moment again (scheduleTime and the publish rules).
 */
export const scheduleInputSchema = z.object({
  at: z
    .string()
    .refine((value) => value !== "" && !Number.isNaN(new Date(value).getTime()), postMessages.scheduleInvalid)
    .refine((value) => new Date(value).getTime() > Date.now(), postMessages.scheduleInPast)
    .transform((value) => new Date(value).toISOString()),
});

/** The editor's buttons: each saves the fields first, in the same transaction. */
export const postEditorSchema = z.discriminatedUnion("intent", [
  postFieldsSchema.extend({ intent: z.literal("save"), autosave: z.boolean().default(false) }),
  postFieldsSchema.extend({ intent: z.literal("publish") }),
  postFieldsSchema.extend({ intent: z.literal("schedule"), scheduledAt: scheduleTime }),
  // The preview tab shows what the editor holds, saved or not.
  postFieldsSchema.extend({ intent: z.literal("preview") }),
  z.object({ intent: z.literal("unschedule") }),
  z.object({ intent: z.literal("unpublish") }),
  z.object({ intent: z.literal("archive") }),
  z.object({ intent: z.literal("restore") }),
  // A failed Telegram announcement, sent again.
  z.object({ intent: z.literal("retry-announcement") }),
]);
export type PostEditorInput = z.output<typeof postEditorSchema>;

/** The list's search and page, from the address. */
export const postListQuerySchema = z.object({
  q: z.string().trim().max(200).refine(noControl()).catch(""),
  status: z.enum(POST_STATUSES).optional().catch(undefined),
  page: listPage(10_000),
});

/** What a post lacks before it can go public; empty: ready. Shared by the editor's hints and the server. */
export function postReadiness(
  post: Pick<PostFields, "content" | "category" | "excerpt" | "author" | "image">,
): string[] {
  const missing: string[] = [];
  if (post.content.replace(/<[^>]*>/g, "").trim().length === 0) missing.push("a body");
  if (!post.category.trim()) missing.push("a category");
  if (!post.excerpt.trim()) missing.push("an excerpt");
  if (!post.author.trim()) missing.push("an author");
  if (!post.image.trim()) missing.push("a hero image");
  return missing;
}

/** A slug made from a title: lower-case ASCII words joined by hyphens ("Risk & Reward: 2027!" → "risk-reward-2027"). */
export function slugFromTitle(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, POST_SLUG_MAX)
    .replace(/-+$/g, "");
}
