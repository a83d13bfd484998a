import * as React from "react";
import { useLocation } from "react-router";
import { useStaffAction } from "~/components/admin/use-staff-action";
import { toast } from "~/components/ui/sonner";
import type { ActionAnswer } from "~/lib/action-answer";
import type { PostFields } from "~/lib/validation/admin/posts";

type PreviewAnswer = ActionAnswer<{ previewId: string }>;

/**
 * The editor's preview: the post's page posts what the editor holds, and the public page's
 * rendering of it opens in a new tab.
 */
export function usePostPreview() {
  const location = useLocation();
  const tab = React.useRef<Window | null>(null);
  const { submit } = useStaffAction<PreviewAnswer>(
    (answer) => {
      if (answer.ok && tab.current) tab.current.location.href = `/admin/posts/preview/${answer.previewId}`;
      else {
        tab.current?.close();
        if (!answer.ok) toast.error("No preview", { description: answer.error });
      }
      tab.current = null;
    },
    { action: location.pathname, json: true },
  );
  function preview(fields: PostFields) {
    // Opened now, while the click still counts as the author's, so no pop-up blocker stops it.
    tab.current = window.open("", "_blank");
    if (!tab.current) {
      toast.error("No preview", {
        description: "The browser blocked the preview's tab: allow pop-ups for this site and try again.",
      });
      return;
    }
    void submit({ intent: "preview", ...fields });
  }
  return preview;
}
