import { Link, useLocation } from "react-router";

/** How many more of the sender's messages "older messages" shows each time. */
const STEP = 100;

/**
 * Says how much of the sender's thread the page shows, and when older messages exist, offers
 * them: nothing is left out without saying so.
 */
export function InboxThreadHeader({ shown, total }: { shown: number; total: number }) {
  const location = useLocation();
  if (shown >= total) return null;
  const params = new URLSearchParams(location.search);
  params.set("messages", String(shown + STEP));
  const older = Math.min(STEP, total - shown);
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
      <span>
        Showing the sender’s latest {shown.toLocaleString("en-US")} of {total.toLocaleString("en-US")} messages.
      </span>
      <Link
        to={`?${params.toString()}`}
        preventScrollReset
        className="font-medium text-foreground underline underline-offset-4"
      >
        Show {older.toLocaleString("en-US")} older {older === 1 ? "message" : "messages"}
      </Link>
    </p>
  );
}
