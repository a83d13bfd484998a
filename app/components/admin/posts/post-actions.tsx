import { ExternalLinkIcon, EyeIcon } from "lucide-react";
import { ConfirmButton } from "~/components/admin/posts/confirm-button";
import { ScheduleDialog } from "~/components/admin/posts/schedule-dialog";
import { Button } from "~/components/ui/button";
import { postReadiness, type PostFields, type PostStatus } from "~/lib/validation/admin/posts";

export type PostIntent = "save" | "publish" | "schedule" | "unschedule" | "unpublish" | "archive" | "restore";

/**
 * The editor's buttons for the post's status: a draft saves, publishes now or at a
 * time; a scheduled post updates, publishes now, reschedules or unschedules; a published one
 * updates or unpublishes; any may be archived (off the blog), an archived one restored.
 */
export function PostActions({
  status,
  fields,
  busy,
  saved,
  slug,
  scheduledAt,
  onAct,
  onPreview,
}: {
  status: PostStatus;
  fields: PostFields;
  busy: boolean;
  /** The post exists (it was saved at least once). */
  saved: boolean;
  /** The stored slug, for the published post's link. */
  slug: string;
  /** When a scheduled post goes public (the reschedule dialog starts there). */
  scheduledAt: string | null;
  onAct: (intent: PostIntent, extra?: Record<string, string>) => void;
  onPreview: () => void;
}) {
  const missing = postReadiness(fields);
  const canGoLive = missing.length === 0;
  const publishNow = (
    <ConfirmButton
      label="Publish now"
      variant={status === "draft" ? "default" : "outline"}
      disabled={busy || !canGoLive}
      title="Publish this post now?"
      description="Readers see it on the blog at once, and newsletter subscribers get an email about it."
      confirm="Publish"
      onConfirm={() => onAct("publish")}
    />
  );
  const schedule = (label: string) => (
    <ScheduleDialog
      label={label}
      disabled={busy || !canGoLive}
      current={scheduledAt}
      onSchedule={(iso) => onAct("schedule", { scheduledAt: iso })}
    />
  );
  const archive = saved ? (
    <ConfirmButton
      label="Archive"
      variant="ghost"
      disabled={busy}
      title="Archive this post?"
      description={
        "It leaves the blog, the feed and the sitemap; its address answers “not found”. You can " +
        "restore it as a draft."
      }
      confirm="Archive"
      onConfirm={() => onAct("archive")}
    />
  ) : null;
  return (
    <div className="grid gap-3 border-t pt-4">
      {status !== "published" && status !== "archived" && !canGoLive ? (
        <p className="text-sm text-muted-foreground">
          Before it can be published, the post needs {missing.join(", ")}.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="submit"
          variant={status === "draft" || status === "archived" ? "outline" : "default"}
          disabled={busy}
        >
          {status === "draft" ? "Save draft" : status === "archived" ? "Save" : "Update"}
        </Button>
        {status === "draft" ? (
          <>
            {publishNow}
            {schedule("Schedule…")}
          </>
        ) : null}
        {status === "scheduled" ? (
          <>
            {publishNow}
            {schedule("Reschedule…")}
            <Button type="button" variant="outline" disabled={busy} onClick={() => onAct("unschedule")}>
              Unschedule
            </Button>
          </>
        ) : null}
        {status === "published" ? (
          <>
            <ConfirmButton
              label="Unpublish"
              disabled={busy}
              title="Unpublish this post?"
              description="It leaves the blog, the feed and the sitemap and becomes a draft again."
              confirm="Unpublish"
              onConfirm={() => onAct("unpublish")}
            />
            <Button asChild variant="ghost">
              <a href={`/blog/${slug}`} target="_blank" rel="noreferrer">
                <ExternalLinkIcon aria-hidden="true" />
                View on the blog
              </a>
            </Button>
          </>
        ) : null}
        {status === "archived" ? (
          <Button type="button" variant="outline" disabled={busy} onClick={() => onAct("restore")}>
            Restore as draft
          </Button>
        ) : null}
        <Button type="button" variant="ghost" disabled={busy || !fields.title.trim()} onClick={onPreview}>
          <EyeIcon aria-hidden="true" />
          Preview
        </Button>
        {archive}
      </div>
    </div>
  );
}
