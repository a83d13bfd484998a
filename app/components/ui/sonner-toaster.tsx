import { CircleCheckIcon, InfoIcon, Loader2Icon, OctagonXIcon, TriangleAlertIcon } from "lucide-react";
import * as React from "react";
import { Toaster as Sonner, toast } from "sonner";

export type SonnerToast = typeof toast;

/**
 * The real toaster, loaded by `<Toaster />` (./sonner.tsx) on the first toast. Theme follows
 * the OS setting ("system"), matching app.css, which switches tokens via
 * `prefers-color-scheme`; up to 3 visible, 4000 ms each.
 */
export default function SonnerToaster({ onReady }: { onReady: (toast: SonnerToast) => void }) {
  // This effect runs after Sonner's own (children first), so Sonner is listening by then.
  React.useEffect(() => onReady(toast), [onReady]);
  return (
    <Sonner
      theme="system"
      visibleToasts={3}
      duration={4000}
      className="toaster group"
      icons={{
        success: <CircleCheckIcon className="size-4" />,
        info: <InfoIcon className="size-4" />,
        warning: <TriangleAlertIcon className="size-4" />,
        error: <OctagonXIcon className="size-4" />,
        loading: <Loader2Icon className="size-4 animate-spin" />,
      }}
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          "--border-radius": "var(--radius)",
        } as React.CSSProperties
      }
    />
  );
}
