import type { PostStatus } from "~/lib/validation/admin/posts";
import type { AdminPost, PostAnnouncementView } from "~/lib/view-types/admin/posts";
import { sanitizeHtml } from "../../content/sanitize.ts";
import type { blogPosts } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { trimEmptyParagraphs } from "../trim-empty-paragraphs.ts";

type PostRow = typeof blogPosts.$inferSelect;

/** A post's status, read from its columns (migration 0013): the states never overlap (CHECK). */
export function statusOf(row: Pick<PostRow, "published" | "scheduledAt" | "archivedAt">): PostStatus {
  if (row.archivedAt) return "archived";
  if (row.published) return "published";
  if (row.scheduledAt) return "scheduled";
  return "draft";
}

export function toAdminPost(row: PostRow, announcement: PostAnnouncementView | null): AdminPost {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    category: row.category,
    excerpt: row.excerpt,
    author: row.author,
    authorRole: row.authorRole,
    image: row.image,
    content: row.content,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    socialImage: row.socialImage,
    status: statusOf(row),
    date: row.date,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    announceTelegram: row.announceTelegram,
    announcement,
  };
}

/** The editable fields of a post as the audit log keeps them (before / after). */
export function auditFieldsOf(
  row: Pick<
    PostRow,
    | "title"
    | "slug"
    | "category"
    | "excerpt"
    | "author"
    | "authorRole"
    | "image"
    | "content"
    | "seoTitle"
    | "seoDescription"
    | "socialImage"
    | "announceTelegram"
  >,
) {
  const { title, slug, category, excerpt, author, authorRole, image, content, seoTitle, seoDescription, socialImage } =
    row;
  return {
    title,
    slug,
    category,
    excerpt,
    author,
    authorRole,
    image,
    content,
    seoTitle,
    seoDescription,
    socialImage,
    announceTelegram: row.announceTelegram,
  };
}

/**
 * The post's body as stored: the editor's HTML cleaned with the rules the public page reads it
 * with, so a script, an event handler or a javascript: link is never stored.
 */
export function cleanPostBody(html: string): string {
  return trimEmptyParagraphs(sanitizeHtml(html));
}

/** The UTC day of a moment, as the `date` column keeps it ("2026-11-23"). */
export function dayOf(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

export function postNotFound(): AppError {
  return new AppError("NOT_FOUND", "This post no longer exists: reload the list.");
}
