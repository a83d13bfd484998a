import { knowledgebaseMessages } from "~/lib/validation/admin/knowledgebase";
import { sanitizeHtml } from "../../content/sanitize.ts";
import { AppError } from "../../lib/errors.ts";
import { trimEmptyParagraphs } from "../trim-empty-paragraphs.ts";

/**
 * The article's body as stored: the editor's HTML cleaned with the rules the pages read it with,
 * so a script, an event handler or a javascript: link is never stored. A body
 * that held nothing but such things is refused like an empty one. Empty paragraphs at either
 * end (the editor keeps one after a list or a quote, to type after it) are not stored.
 */
export function cleanArticleBody(html: string): string {
  const clean = trimEmptyParagraphs(sanitizeHtml(html));
  if (clean.replace(/<[^>]*>/g, "").trim().length === 0) {
    throw new AppError("VALIDATION", knowledgebaseMessages.contentRequired, {
      fieldErrors: { content: knowledgebaseMessages.contentRequired },
    });
  }
  return clean;
}

export function articleNotFound(): AppError {
  return new AppError("NOT_FOUND", "This article no longer exists: it may have been deleted.");
}
