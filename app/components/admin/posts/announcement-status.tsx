import { RotateCwIcon } from "lucide-react";
import { useStaffAction } from "~/components/admin/use-staff-action";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/sonner";
import type { ActionAnswer } from "~/lib/action-answer";
import type { PostAnnouncementView } from "~/lib/view-types/admin/posts";

/**
 * Where a post's Telegram announcement stands: Announced (with a link to the channel's message
 * when one can be made), Announcing…, or failed with Telegram's reason and a Retry button (for
 * whoever may publish posts). The page's loader runs again after the retry, so the state follows.
 */
export function AnnouncementStatus({
  postId,
  announcement,
  canRetry,
}: {
  postId: number;
  announcement: PostAnnouncementView;
  canRetry: boolean;
}) {
  const { submit, busy } = useStaffAction<ActionAnswer<{ message: string }>>(
    (answer) => {
      if (!answer.ok) return void toast.error("Not retried", { description: answer.error });
      toast.success(answer.message);
    },
    { action: `/admin/posts/${postId}`, json: true },
  );
  if (announcement.status === "sent")
    return (
      <span className="text-xs text-muted-foreground" data-testid="announcement">
        {announcement.messageUrl ? (
          <a href={announcement.messageUrl} target="_blank" rel="noreferrer" className="underline underline-offset-2">
            Announced in Telegram
          </a>
        ) : (
          "Announced in Telegram"
        )}
      </span>
    );
  if (announcement.status !== "failed")
    return (
      <span className="text-xs text-muted-foreground" data-testid="announcement">
        Announcing in Telegram…{announcement.error ? ` ${announcement.error}` : ""}
      </span>
    );
  return (
    <span className="grid justify-items-start gap-1 text-xs" data-testid="announcement">
      <span className="text-destructive">Telegram announcement failed: {announcement.error}</span>
      {canRetry ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() => void submit({ intent: "retry-announcement" })}
        >
          <RotateCwIcon aria-hidden="true" />
          Retry announcement
        </Button>
      ) : null}
    </span>
  );
}
