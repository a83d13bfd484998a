import { LogOutIcon, WalletIcon } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Separator } from "~/components/ui/separator";
import { SidebarTrigger } from "~/components/ui/sidebar-controls";
import { useDashboard } from "./dashboard-context";
import { formatBalance } from "./format";
import { HeaderOrderLink } from "./order/open-order-notice";

/**
 * The language label EN, an unpaid order's amount due (a link to pay it), the balance button
 * opening the deposit dialog, the member's name, Logout.
 */
export function DashboardHeader() {
  const { profile, balance, openDeposit } = useDashboard();
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  return (
    <header
      className={
        "sticky top-0 z-20 flex min-h-14 shrink-0 flex-wrap items-center gap-x-2 border-b " +
        "bg-background/90 px-3 backdrop-blur sm:px-4"
      }
    >
      <SidebarTrigger className="-ml-1" />
      <Separator orientation="vertical" className="mr-1 data-[orientation=vertical]:h-5" />
      <div className="ml-auto flex h-14 min-w-0 items-center gap-2 sm:gap-3">
        <span title="Language: English" className="text-sm font-medium text-muted-foreground select-none">
          EN
        </span>
        <HeaderOrderLink className="max-sm:hidden" />
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={openDeposit}
          aria-haspopup="dialog"
          data-slot="balance-button"
        >
          <WalletIcon aria-hidden="true" />
          <span className="tabular-nums">{formatBalance(balance)}</span>
        </Button>
        <span data-slot="member-name" className="max-w-24 truncate text-sm font-medium sm:max-w-48">
          {name}
        </span>
        <Form method="post" action="/logout">
          <Button type="submit" variant="ghost" size="sm">
            <LogOutIcon aria-hidden="true" />
            <span className="hidden sm:inline">Logout</span>
            <span className="sr-only sm:hidden">Logout</span>
          </Button>
        </Form>
      </div>
      <HeaderOrderLink className="mb-2 w-full sm:hidden" />
    </header>
  );
}
