import * as React from "react";
import { postJson } from "~/components/forms/post-json";
import { broadcastPreviewSchema } from "~/lib/validation/admin/broadcasts";
import type { BroadcastPreview } from "~/lib/view-types/admin/broadcasts";

/** Typing stops for this long before the preview is asked for again. */
const PREVIEW_DELAY_MS = 400;

export type PreviewState =
  | { kind: "waiting" }
  | { kind: "ready"; preview: BroadcastPreview; stale: boolean }
  | { kind: "refused"; message: string };

/**
 * The compose page's preview of what the form holds: both copies and the recipient count, asked
 * for once typing stops. Only a form the shared schema takes is sent (the server would refuse
 * the rest); an answer to an older form is dropped.
 */
export function useBroadcastPreview(content: unknown) {
  const [state, setState] = React.useState<PreviewState>({ kind: "waiting" });
  const key = JSON.stringify(content);
  React.useEffect(() => {
    const parsed = broadcastPreviewSchema.safeParse(JSON.parse(key));
    if (!parsed.success) {
      setState({ kind: "refused", message: parsed.error.issues[0]?.message ?? "Check the form." });
      return;
    }
    setState((current) => (current.kind === "ready" ? { ...current, stale: true } : { kind: "waiting" }));
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      postJson<{ preview: BroadcastPreview }>("/api/admin/broadcasts/preview", JSON.parse(key), controller.signal)
        .then((answer) =>
          setState(
            answer.ok
              ? { kind: "ready", preview: answer.preview, stale: false }
              : { kind: "refused", message: answer.error },
          ),
        )
        .catch(() => undefined);
    }, PREVIEW_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [key]);
  return state;
}
