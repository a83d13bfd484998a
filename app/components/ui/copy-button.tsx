import { CheckIcon, CopyIcon } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/sonner";

/** How long the check mark and the "… copied" name stay after a copy. */
const COPIED_MS = 2000;

/**
 * An icon button that copies `value` to the clipboard. `what` names it ("Copy address"), says so
 * in the toast ("Address copied to clipboard") and, for two seconds after a copy, names the
 * button "Address copied" with a check mark. `onCopiedChange` lets a status line beside it follow.
 */
function CopyButton({
  value,
  what,
  failure = `Failed to copy ${what.toLowerCase()}`,
  onCopiedChange,
  ...props
}: Omit<React.ComponentProps<typeof Button>, "value" | "onClick" | "children"> & {
  value: string;
  what: string;
  failure?: string;
  onCopiedChange?: (copied: boolean) => void;
}) {
  const [copied, setCopied] = React.useState(false);
  React.useEffect(() => {
    onCopiedChange?.(copied);
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied, onCopiedChange]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success(`${what} copied to clipboard`);
    } catch {
      toast.error(failure);
    }
  };
  return (
    <Button
      type="button"
      variant="outline"
      size="icon"
      aria-label={copied ? `${what} copied` : `Copy ${what.toLowerCase()}`}
      {...props}
      onClick={() => void copy()}
    >
      {copied ? <CheckIcon className="text-success" /> : <CopyIcon />}
    </Button>
  );
}

export { CopyButton };
