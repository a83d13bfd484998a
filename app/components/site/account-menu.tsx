import { Link } from "react-router";
import { cn } from "~/lib/utils";
import type { HeaderAccount } from "~/lib/view-types/site";

const itemClass =
  "flex w-full rounded-sm px-3 py-2 text-left text-sm font-medium hover:bg-accent " +
  "hover:text-accent-foreground focus-visible:bg-accent focus-visible:outline-none";

/**
 * The header's menu for a signed-in member: Dashboard, the back office for staff, and Sign out.
 * A native <details>: it opens and closes with no script of its own, and Sign out is a plain form
 * post to /logout, so the menu works from the server's HTML alone. The header imports it lazily:
 * the public pages' first load carries none of it, and only a signed-in member's browser fetches
 * it, to hydrate what the server already rendered.
 */
export default function AccountMenu({ account, className }: { account: HeaderAccount; className?: string }) {
  return (
    <details data-slot="account-menu" className={cn("group relative", className)}>
      <summary
        className={
          "flex max-w-40 cursor-pointer list-none items-center gap-1 rounded-md border px-3 py-2 " +
          "text-sm font-medium hover:bg-accent [&::-webkit-details-marker]:hidden"
        }
        aria-label={`Account menu for ${account.name}`}
      >
        <span className="truncate">{account.name}</span>
        <span aria-hidden="true" className="text-xs transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div
        className={
          "absolute right-0 z-50 mt-2 grid w-48 gap-1 rounded-md border bg-popover p-1 " +
          "text-popover-foreground shadow-md"
        }
      >
        <Link to="/dashboard" className={itemClass}>
          Dashboard
        </Link>
        {account.staff ? (
          <Link to="/admin" className={itemClass}>
            Back office
          </Link>
        ) : null}
        <form method="post" action="/logout">
          <button type="submit" className={cn(itemClass, "cursor-pointer")}>
            Sign out
          </button>
        </form>
      </div>
    </details>
  );
}
