import { data, useLocation } from "react-router";
import { PostEditor } from "~/components/admin/posts/post-editor";
import { usePostPreview } from "~/components/admin/posts/use-post-preview";
import { TargetHistory } from "~/components/admin/target-history";
import { adminMeta } from "~/lib/meta";
import { can, type StaffPermission } from "~/lib/staff-roles";
import { postEditorSchema, type PostFields } from "~/lib/validation/admin/posts";
import { newOrRecordIdParam, routeParams } from "~/lib/validation/route-params";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { readRouteParams } from "#server/http/route-params";
import { requireStaffPermission } from "#server/http/staff-guard";
import { AppError } from "#server/lib/errors";
import { listTargetHistory } from "#server/staff/list-target-history";
import { announcePostNow } from "#server/staff/posts/announce/announce-post-now";
import { getAnnouncementChannel } from "#server/staff/posts/announce/get-announcement-channel";
import { retryPostAnnouncement } from "#server/staff/posts/announce/retry-post-announcement";
import { changePostStatus } from "#server/staff/posts/change-post-status";
import { createPostPreview } from "#server/staff/posts/create-post-preview";
import { getPost } from "#server/staff/posts/get-post";
import { savePost } from "#server/staff/posts/save-post";
import { getTelegramBot } from "#server/telegram/telegram-bot";
import type { Route } from "./+types/admin.posts.$postId";

/** "new", or a post's id; anything else is no page. */
const pageParams = routeParams({ postId: newOrRecordIdParam });

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  adminMeta(`${loaded?.post ? loaded.post.title : "New post"} · Posts`);

/** What this page needs (the role matrix reads it; the loader guards with it). */
export const permission = "content.write" satisfies StaffPermission;

export async function loader({ request, params }: Route.LoaderArgs) {
  const { staff } = await requireStaffPermission(request, permission);
  const { postId: id } = readRouteParams(pageParams, params);
  const canReadAudit = can(staff.role, "audit.read");
  const channel = await getAnnouncementChannel({ db: getDb() });
  if (id === "new") return { post: null, history: null, canReadAudit, channel };
  const post = await getPost({ db: getDb(), id });
  if (!post) throw data("Not Found", { status: 404 });
  const history = await listTargetHistory({ db: getDb(), target: { type: "post", id: String(post.id) } });
  return { post, history, canReadAudit, channel };
}

const DONE: Record<string, string> = {
  publish: "Published: readers see it on the blog now.",
  schedule: "Scheduled.",
  unschedule: "Unscheduled: it is a draft again.",
  unpublish: "Unpublished: it is a draft again, off the blog.",
  archive: "Archived: it is off the blog.",
  restore: "Restored as a draft.",
};

/**
 * Every button of the editor: save (or autosave) a draft, publish, schedule, unschedule,
 * unpublish, archive, restore, preview; and Retry of a failed Telegram announcement (the list's
 * too). A save that leaves the post published and asking to be announced sends it at once.
 */
export const action = defineAction({
  access: "staff",
  permission: "content.write",
  schema: postEditorSchema,
  params: pageParams,
  notFound: "Unknown post.",
  run: async ({ input, staff, params: { postId: id } }) => {
    const db = getDb();
    const actor = staff.actor;
    const postId = id === "new" ? null : id;
    switch (input.intent) {
      case "save":
      case "publish":
      case "schedule": {
        const { intent, ...rest } = input;
        const fields = withoutExtras(rest);
        const then =
          intent === "publish"
            ? ({ to: "publish" } as const)
            : intent === "schedule"
              ? ({ to: "schedule", at: input.scheduledAt } as const)
              : undefined;
        const saved = await savePost({
          db,
          id: postId,
          fields,
          actor,
          autosave: input.intent === "save" && input.autosave,
          then,
        });
        if (saved.announce) await announcePostNow({ db, bot: getTelegramBot(), postId: saved.id });
        const message =
          intent === "save"
            ? input.autosave
              ? ""
              : saved.changed
                ? "Saved."
                : "Nothing to save: the post has not changed."
            : DONE[intent]!;
        return { ...saved, message };
      }
      case "preview": {
        const { intent: _intent, ...fields } = input;
        const preview = await createPostPreview({ db, postId, fields, actor });
        return { previewId: preview.id };
      }
      case "retry-announcement": {
        if (postId === null) throw new AppError("NOT_FOUND", "Save the post first.");
        await retryPostAnnouncement({ db, postId, actor });
        await announcePostNow({ db, bot: getTelegramBot(), postId });
        return { id: postId, message: "Sent to Telegram again." };
      }
      default: {
        if (postId === null) throw new AppError("NOT_FOUND", "Save the post first.");
        const done = await changePostStatus({ db, id: postId, change: input.intent, actor });
        return {
          id: postId,
          created: false,
          changed: done.changed,
          status: done.status,
          message: done.changed ? DONE[input.intent]! : "Nothing changed: the post's status did not allow it.",
        };
      }
    }
  },
});

function withoutExtras(input: PostFields & { autosave?: boolean; scheduledAt?: Date }): PostFields {
  const { autosave: _autosave, scheduledAt: _scheduledAt, ...fields } = input;
  return fields;
}

/** The post editor; its preview opens the public page's rendering of what it holds, in a new tab. */
export default function AdminPost({ loaderData }: Route.ComponentProps) {
  const { post, history, canReadAudit, channel } = loaderData;
  const location = useLocation();
  const preview = usePostPreview();
  // A post just created keeps its editor (the author may be typing); another post gets a fresh one.
  const created = (location.state as { created?: boolean } | null)?.created === true;
  return (
    <div className="grid max-w-4xl gap-10">
      <PostEditor key={created ? "new" : (post?.id ?? "new")} post={post} channel={channel} onPreview={preview} />
      {history ? <TargetHistory history={history} canReadAudit={canReadAudit} /> : null}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
