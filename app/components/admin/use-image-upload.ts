import * as React from "react";
import type { ActionAnswer } from "~/lib/action-answer";
import { UPLOAD_ENDPOINT, UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from "~/lib/uploads";
import type { UploadedImage } from "~/lib/validation/admin/image-upload";

/*
 * Sends one image to the back office's upload and reads its answer: the image's
 * address and sizes, or the server's reason for refusing it. What the file is, the server decides
 * from its bytes; the only check made here is the size, to spare a 5 MB wait for a sure "no".
 */

export const UPLOAD_FAILED = "The upload failed. Check your connection and try again.";
export const UPLOAD_NOT_ALLOWED =
  "You may not upload images, or your session has ended. Reload the page and sign in again.";

export function useImageUpload() {
  const [busy, setBusy] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);

  const upload = React.useCallback(async (file: File): Promise<UploadedImage | null> => {
    setError(null);
    if (file.size > UPLOAD_MAX_BYTES) {
      setError(UPLOAD_MESSAGES.tooLarge);
      return null;
    }
    setBusy(true);
    try {
      const form = new FormData();
      form.set("file", file, file.name);
      const response = await fetch(UPLOAD_ENDPOINT, {
        method: "POST",
        body: form,
        headers: { Accept: "application/json" },
      });
      const answer = (await response.json().catch(() => null)) as ActionAnswer<UploadedImage> | null;
      if (answer?.ok) return answer;
      setError(answer?.error ?? (response.status === 404 || response.redirected ? UPLOAD_NOT_ALLOWED : UPLOAD_FAILED));
      return null;
    } catch {
      setError(UPLOAD_FAILED);
      return null;
    } finally {
      setBusy(false);
    }
  }, []);

  return { upload, busy, error, setError };
}
