import * as React from "react";
import { CopyButton } from "~/components/ui/copy-button";
import { cn } from "~/lib/utils";

/**
 * A labelled value to copy (an address, a link, an amount): the label, the value in monospace
 * (named by the label, `valueSlot` its data-slot) and a `CopyButton`; with `announce`, a polite
 * "Copied!" line under it for screen readers and anyone not looking at the button.
 */
function CopyField({
  label,
  value,
  copyValue = value,
  what,
  failure,
  valueSlot,
  announce = false,
  className,
  ...props
}: React.ComponentProps<"div"> & {
  label: React.ReactNode;
  value: string;
  copyValue?: string;
  what: string;
  failure?: string;
  valueSlot: string;
  announce?: boolean;
}) {
  const id = React.useId();
  const [copied, setCopied] = React.useState(false);
  return (
    <div data-slot="copy-field" className={cn("grid gap-1.5", className)} {...props}>
      <span id={id} className="text-sm font-medium">
        {label}
      </span>
      <div className="flex items-center gap-2">
        <code
          aria-labelledby={id}
          data-slot={valueSlot}
          className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-2 font-mono text-xs break-all sm:text-sm"
        >
          {value}
        </code>
        <CopyButton value={copyValue} what={what} failure={failure} onCopiedChange={setCopied} />
      </div>
      {announce ? (
        <p aria-live="polite" className="min-h-5 text-sm text-muted-foreground">
          {copied ? "Copied!" : ""}
        </p>
      ) : null}
    </div>
  );
}

export { CopyField };
