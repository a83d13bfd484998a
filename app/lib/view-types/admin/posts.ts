/* What the back office's Posts pages hand their components. */
import type { PostStatus } from "../../validation/admin/posts";

/** One row of the list. Times are ISO strings. */
export type AdminPostRow = {
  id: number;
  title: string;
  slug: string;
  category: string;
  author: string;
  status: PostStatus;
  /** When it went public (published), will (scheduled), or null. */
  scheduledAt: string | null;
  publishedAt: string | null;
  updatedAt: string;
  announcement: PostAnnouncementView | null;
};

export type AdminPostPage = { posts: AdminPostRow[]; total: number; page: number; pageCount: number };

/** One post in the editor; `content` is the stored, sanitized HTML. */
export type AdminPost = {
  id: number;
  title: string;
  slug: string;
  category: string;
  excerpt: string;
  author: string;
  authorRole: string;
  image: string;
  content: string;
  seoTitle: string;
  seoDescription: string;
  socialImage: string;
  status: PostStatus;
  date: string;
  scheduledAt: string | null;
  publishedAt: string | null;
  updatedAt: string;
  announceTelegram: boolean;
  announcement: PostAnnouncementView | null;
};

/** The Telegram channel posts are announced in. */
export type AnnouncementChannelView = {
  chatId: string;
  title: string;
  username: string | null;
  updatedAt: string;
};

/**
 * A post's announcement in the channel: `pending` waits its turn (or Telegram's retry_after),
 * `sending` is under way, `sent` has Telegram's message (`messageUrl` when a link can be made),
 * `failed` says why and may be retried.
 */
export type PostAnnouncementView = {
  status: "pending" | "sending" | "sent" | "failed";
  error: string | null;
  messageUrl: string | null;
  sentAt: string | null;
};
