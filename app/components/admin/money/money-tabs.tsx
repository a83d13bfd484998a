import { NavLink } from "react-router";
import { cn } from "~/lib/utils";

/** The money pages, one link each; they live under /admin/money so the Money section stays lit. */
export const MONEY_TABS = [
  { to: "/admin/money", title: "Ledger" },
  { to: "/admin/money/reconciliation", title: "Reconciliation" },
  { to: "/admin/money/renewals", title: "Renewals" },
  { to: "/admin/money/notifications", title: "Failed notifications" },
  { to: "/admin/money/deposits", title: "Deposits" },
  { to: "/admin/money/orders", title: "Orders" },
] as const;

export function MoneyTabs() {
  return (
    <nav aria-label="Money pages" className="flex flex-wrap gap-2 border-b pb-2 text-sm">
      {MONEY_TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end
          className={({ isActive }) =>
            cn(
              "rounded-md px-3 py-1.5 underline-offset-4 hover:underline",
              isActive ? "bg-muted font-medium" : "text-muted-foreground",
            )
          }
        >
          {tab.title}
        </NavLink>
      ))}
    </nav>
  );
}
