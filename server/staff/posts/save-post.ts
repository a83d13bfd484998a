import { and, eq, ne } from "drizzle-orm";
import { formatDateTime } from "~/lib/dates";
import { postMessages, postReadiness, type PostFields } from "~/lib/validation/admin/posts";
import type { Db, Tx } from "../../db/client.ts";
import { pgError } from "../../db/db-errors.ts";
import { blogPosts, blogRedirects } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";
import { queuePostAnnouncement } from "./announce/queue-post-announcement.ts";
import { auditFieldsOf, cleanPostBody, dayOf, postNotFound, statusOf } from "./post-rows.ts";

/** What the editor's Publish and Schedule buttons do after saving the fields, in the same transaction. */
export type PostTransition = { to: "publish" } | { to: "schedule"; at: Date };

type Saved = {
  id: number;
  created: boolean;
  changed: boolean;
  status: ReturnType<typeof statusOf>;
  slug: string;
  /** Published and asking to be announced: its announcement is queued (or was already). */
  announce: boolean;
};

/**
 * Creates a draft or saves a post's fields, the body sanitized on save, then
 * publishes or schedules it when asked — all in one transaction with its audit rows (before and
 * after). Rules: the slug is unique (a clear refusal naming the post that has it); a post that
 * is or was public keeps its old address working when the slug changes (blog_redirects, 301);
 * only drafts are autosaved; a public or scheduled post must stay complete. A published post that
 * asks to be announced in Telegram has its announcement queued in the same transaction.
 */
export async function savePost(options: {
  db: Db;
  id: number | null;
  fields: PostFields;
  actor: StaffActor;
  autosave?: boolean;
  then?: PostTransition;
  now?: Date;
}): Promise<Saved> {
  const { db, actor, then } = options;
  const now = options.now ?? new Date();
  const fields = { ...options.fields, content: cleanPostBody(options.fields.content) };
  if (then?.to === "schedule" && then.at.getTime() <= now.getTime()) {
    throw new AppError("VALIDATION", postMessages.scheduleInPast, {
      fieldErrors: { scheduledAt: postMessages.scheduleInPast },
    });
  }
  if (then) assertReady(fields);
  try {
    return await db.transaction(async (tx) => {
      const before =
        options.id === null
          ? null
          : ((await tx.select().from(blogPosts).where(eq(blogPosts.id, options.id)).for("update"))[0] ?? null);
      if (options.id !== null && !before) throw postNotFound();
      const status = before ? statusOf(before) : "draft";
      if (options.autosave && status !== "draft") throw new AppError("CONFLICT", postMessages.notAutosaved);
      if (status === "published" || status === "scheduled") assertReady(fields);
      if (then && status === "published") throw new AppError("CONFLICT", postMessages.alreadyPublished);
      await assertSlugFree(tx, fields.slug, options.id);
      let id: number;
      let changed = true;
      if (!before) {
        const [row] = await tx
          .insert(blogPosts)
          .values({ ...fields, date: dayOf(now), published: false })
          .returning({ id: blogPosts.id });
        id = row!.id;
        // A live post takes over an old address that pointed elsewhere.
        await tx.delete(blogRedirects).where(eq(blogRedirects.oldSlug, fields.slug));
        await recordAuditEvent({
          tx,
          actor,
          now,
          action: "post.created",
          target: target(id),
          summary: `Post “${fields.title}” created (draft)`,
          before: null,
          after: { ...fields, status: "draft" },
        });
      } else {
        id = before.id;
        changed = await updateFields(tx, before, fields, actor, now);
      }
      let finalStatus = status;
      if (then?.to === "publish") {
        // The first publication dates the post; publishing again keeps the date readers saw.
        await tx
          .update(blogPosts)
          .set({ published: true, date: before?.publishedAt ? before.date : dayOf(now) })
          .where(eq(blogPosts.id, id));
        await recordAuditEvent({
          tx,
          actor,
          now,
          action: "post.published",
          target: target(id),
          summary: `Post “${fields.title}” published`,
          before: { status },
          after: { status: "published" },
        });
        [finalStatus, changed] = ["published", true];
      } else if (then?.to === "schedule") {
        const date = before?.publishedAt ? before.date : dayOf(then.at);
        await tx.update(blogPosts).set({ scheduledAt: then.at, archivedAt: null, date }).where(eq(blogPosts.id, id));
        await recordAuditEvent({
          tx,
          actor,
          now,
          action: "post.scheduled",
          target: target(id),
          summary: `Post “${fields.title}” scheduled for ${formatDateTime(then.at)}`,
          before: { status, scheduledAt: before?.scheduledAt?.toISOString() ?? null },
          after: { status: "scheduled", scheduledAt: then.at.toISOString() },
        });
        [finalStatus, changed] = ["scheduled", true];
      }
      // A post that goes public, or is public, and asks to be announced gets its one announcement.
      const announce = finalStatus === "published" && fields.announceTelegram;
      if (finalStatus === "published") await queuePostAnnouncement({ tx, postId: id, announce });
      return { id, created: !before, changed, status: finalStatus, slug: fields.slug, announce };
    });
  } catch (error) {
    // Two editors taking one slug at the same moment: the unique index decides.
    if (pgError(error).code === "23505") throw slugTaken();
    throw error;
  }
}

function target(id: number) {
  return { type: "post", id: String(id) };
}

function slugTaken(title?: string) {
  return new AppError("CONFLICT", postMessages.slugTaken(title), {
    fieldErrors: { slug: postMessages.slugTaken(title) },
  });
}

function assertReady(fields: PostFields) {
  const missing = postReadiness(fields);
  if (missing.length > 0) throw new AppError("VALIDATION", postMessages.notReady(missing));
}

async function assertSlugFree(tx: Tx, slug: string, id: number | null) {
  const [other] = await tx
    .select({ title: blogPosts.title })
    .from(blogPosts)
    .where(id === null ? eq(blogPosts.slug, slug) : and(eq(blogPosts.slug, slug), ne(blogPosts.id, id)));
  if (other) throw slugTaken(other.title);
}

/** Writes the fields that changed, and their audit row; false when nothing did. */
async function updateFields(
  tx: Tx,
  before: typeof blogPosts.$inferSelect,
  fields: PostFields,
  actor: StaffActor,
  now: Date,
): Promise<boolean> {
  const old = auditFieldsOf(before);
  const keys = (Object.keys(old) as (keyof typeof old)[]).filter((key) => old[key] !== fields[key]);
  if (keys.length === 0) return false;
  await tx.update(blogPosts).set(fields).where(eq(blogPosts.id, before.id));
  if (before.slug !== fields.slug) {
    await tx.delete(blogRedirects).where(eq(blogRedirects.oldSlug, fields.slug));
    // Readers may hold the old address only if the post was ever public.
    if (before.publishedAt) {
      await tx
        .insert(blogRedirects)
        .values({ oldSlug: before.slug, postId: before.id })
        .onConflictDoUpdate({ target: blogRedirects.oldSlug, set: { postId: before.id, createdAt: now } });
    }
  }
  const pick = (from: Record<string, unknown>) => Object.fromEntries(keys.map((key) => [key, from[key]]));
  await recordAuditEvent({
    tx,
    actor,
    now,
    action: "post.updated",
    target: target(before.id),
    summary:
      before.slug !== fields.slug && before.publishedAt
        ? `Post “${fields.title}” edited; /blog/${before.slug} now redirects to /blog/${fields.slug}`
        : before.title === fields.title
          ? `Post “${fields.title}” edited`
          : `Post “${before.title}” edited, now “${fields.title}”`,
    before: pick(old),
    after: pick(fields),
  });
  return true;
}
