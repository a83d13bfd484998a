import { Share2Icon } from "lucide-react";
import type * as React from "react";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/sonner";

/**
 * Share: the browser's share sheet where there is one; a cancelled share says
 * nothing. Elsewhere, or if sharing fails, the page's link is copied instead.
 */
export function ShareButton({
  title,
  text,
  ...props
}: { title: string; text?: string } & React.ComponentProps<typeof Button>) {
  async function share() {
    const url = window.location.href;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text, url });
        toast.success("Shared successfully!");
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return;
        // Not allowed or failed: fall through to copying the link.
      }
    }
    try {
      if (!navigator.clipboard) throw new Error("Clipboard unavailable");
      await navigator.clipboard.writeText(url);
      toast.success("Link copied!", { description: "Paste it anywhere to share." });
    } catch {
      toast.error("Unable to copy link", { description: "Please copy the URL manually from your browser." });
    }
  }

  return (
    <Button type="button" variant="outline" onClick={share} {...props}>
      <Share2Icon aria-hidden="true" />
      Share
    </Button>
  );
}
