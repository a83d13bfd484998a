import { Link } from "react-router";
import { cn } from "~/lib/utils";
import type { HeaderAccount } from "~/lib/view-types/site";
import { initialsOf } from "./initials";

const itemClass =
  "flex w-full rounded-sm px-3 py-2 text-left text-sm font-medium hover:bg-accent " +
  "hover:text-accent-foreground focus-visible:bg-accent focus-visible:outline-none";

/**
 * A person's outline (lucide's user-round), for a name with no letters to show: drawn here, since
 * importing the icon would give this lazy chunk a chunk of its own, and every public page's first
 * script would then list it among the files this one needs.
 */
function PersonIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-4 sm:hidden"
    >
      <circle cx="12" cy="8" r="5" />
      <path d="M20 21a8 8 0 0 0-16 0" />
    </svg>
  );
}

/**
 * The header's menu for a signed-in member: Dashboard, the back office for staff, and Sign out.
 * A native <details>: it opens and closes with no script of its own, and Sign out is a plain form
 * post to /logout, so the menu works from the server's HTML alone. The header imports it lazily:
 * the public pages' first load carries none of it, and only a signed-in member's browser fetches
 * it, to hydrate what the server already rendered.
 */
export default function AccountMenu({ account, className }: { account: HeaderAccount; className?: string }) {
  const initials = initialsOf(account.name);
  return (
    <details data-slot="account-menu" className={cn("group relative", className)}>
      {/* Below 640 px the header has no room for a name beside the brand, EN, support and the menu
          button: the name would push the row past a 360–375 px screen, and the page would scroll
          sideways. There the summary is a button the size of its neighbours showing the member's
          initials, so whose account this is still shows at a glance; the name stays in it, visually
          hidden, for screen readers. */}
      <summary
        className={
          "flex size-9 cursor-pointer list-none items-center justify-center rounded-md border text-sm font-medium " +
          "hover:bg-accent sm:size-auto sm:max-w-40 sm:gap-1 sm:px-3 sm:py-2 [&::-webkit-details-marker]:hidden"
        }
        aria-label={`Account menu for ${account.name}`}
      >
        {initials ? (
          <span aria-hidden="true" className="text-xs font-semibold sm:hidden">
            {initials}
          </span>
        ) : (
          <PersonIcon />
        )}
        <span className="sr-only sm:not-sr-only sm:truncate">{account.name}</span>
        <span aria-hidden="true" className="hidden text-xs transition-transform group-open:rotate-180 sm:inline">
          ▾
        </span>
      </summary>
      <div
        className={
          "absolute right-0 z-50 mt-2 grid w-48 gap-1 rounded-md border bg-popover p-1 " +
          "text-popover-foreground shadow-md"
        }
      >
        {/* A phone's button shows initials only: the open menu says whose account it is in full. */}
        <p data-slot="account-menu-who" className="border-b px-3 pt-1 pb-2 text-xs text-muted-foreground sm:hidden">
          Signed in as <span className="block truncate text-sm font-medium text-foreground">{account.name}</span>
        </p>
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
