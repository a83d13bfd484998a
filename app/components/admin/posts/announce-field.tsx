import { AnnouncementStatus } from "~/components/admin/posts/announcement-status";
import { NativeCheckbox } from "~/components/ui/native-checkbox";
import type { PostStatus } from "~/lib/validation/admin/posts";
import type { AnnouncementChannelView, PostAnnouncementView } from "~/lib/view-types/admin/posts";

/**
 * The editor's "Announce in Telegram" choice: when the post goes public (now or on its
 * schedule), or at once for a post already public, it is posted in the channel. Off without a
 * channel (an owner or admin sets one on the Posts page); after it went out, its state instead.
 */
export function AnnounceField({
  postId,
  checked,
  onChange,
  channel,
  status,
  announcement,
}: {
  postId: number | null;
  checked: boolean;
  onChange: (checked: boolean) => void;
  channel: AnnouncementChannelView | null;
  status: PostStatus;
  announcement: PostAnnouncementView | null;
}) {
  const settled = announcement?.status === "sent" || announcement?.status === "failed";
  const hint = !channel
    ? "No Telegram channel is set: an owner or admin sets it on the Posts page."
    : status === "published"
      ? `Posted in “${channel.title}” when you update the post.`
      : `Posted in “${channel.title}” when the post is published${status === "scheduled" ? " on its schedule" : ""}.`;
  return (
    <fieldset className="grid gap-2 rounded-md border p-4">
      <legend className="px-1 text-sm font-medium">Telegram</legend>
      {settled && postId !== null && announcement ? (
        <AnnouncementStatus postId={postId} announcement={announcement} canRetry />
      ) : (
        <>
          <div className="flex items-start gap-2">
            <NativeCheckbox
              id="post-announce"
              checked={checked}
              disabled={!channel && !checked}
              onChange={(event) => onChange(event.target.checked)}
              aria-describedby="post-announce-hint"
            />
            <label htmlFor="post-announce" className="text-sm">
              Announce in Telegram
            </label>
          </div>
          <p id="post-announce-hint" className="text-xs text-muted-foreground">
            {hint}
          </p>
          {announcement && postId !== null ? (
            <AnnouncementStatus postId={postId} announcement={announcement} canRetry />
          ) : null}
        </>
      )}
    </fieldset>
  );
}
