import * as React from "react";
import {
  CircleCheckIcon,
  InfoIcon,
  Loader2Icon,
  OctagonXIcon,
  TriangleAlertIcon,
} from "lucide-react";
import { Toaster as Sonner, toast, type ToasterProps } from "sonner";

/**
 * Theme follows the OS setting ("system"), matching app.css which switches
 * tokens via `prefers-color-scheme` — no next-themes / JS theme store.
 */
function Toaster({
  theme = "system",
  visibleToasts = 3,
  duration = 4000,
  richColors = false,
  ...props
}: ToasterProps) {
  return (
    <Sonner
      theme={theme}
      visibleToasts={visibleToasts}
      duration={duration}
      richColors={richColors}
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
      {...props}
    />
  );
}

export { Toaster, toast };
export type { ToasterProps };
