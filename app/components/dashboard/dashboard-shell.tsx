import * as React from "react";
import { SupportButton, useContactDialog } from "~/components/site/support-button";
import { SidebarProvider } from "~/components/ui/sidebar";
import type { DepositWallet, MemberProfile } from "~/lib/view-types/member";
import type { OpenOrderNotice } from "~/lib/view-types/member-order";
import { DashboardProvider } from "./dashboard-context";
import { DashboardHeader } from "./dashboard-header";
import { DashboardSidebar } from "./dashboard-sidebar";
import { DepositDialog } from "./deposit-dialog";

/**
 * The dashboard's frame, outside the public site chrome: sidebar (open state from the
 * `sidebar_state` cookie read by the loader, so the server renders it as it will stay),
 * header, the open section, the deposit dialog the balance button opens, and the support button.
 */
export function DashboardShell({
  sidebarOpen,
  profile,
  wallet,
  openOrder,
  section,
  children,
}: {
  sidebarOpen: boolean;
  profile: MemberProfile;
  wallet: DepositWallet | null;
  /** The member's unpaid order, reminded of on every page but its own. */
  openOrder: OpenOrderNotice | null;
  section: string;
  children: React.ReactNode;
}) {
  const [depositOpen, setDepositOpen] = React.useState(false);
  const openDeposit = React.useCallback(() => setDepositOpen(true), []);
  const prefill = React.useMemo(
    () => ({
      name: `${profile.firstName} ${profile.lastName}`.trim(),
      email: profile.email,
      telegram: profile.telegramUsername,
    }),
    [profile.firstName, profile.lastName, profile.email, profile.telegramUsername],
  );
  // The phone menu's "Contact support" opens this one (the menu unmounts as it closes).
  const support = useContactDialog(prefill);
  return (
    <DashboardProvider
      profile={profile}
      openOrder={section === "order" ? null : openOrder}
      openDeposit={openDeposit}
      support={support}
    >
      <SidebarProvider defaultOpen={sidebarOpen}>
        <DashboardSidebar active={section} />
        {/* SidebarInset's place, as a plain column so the header is a top-level banner beside <main>. */}
        <div data-slot="sidebar-inset" className="relative flex w-full min-w-0 flex-1 flex-col bg-background">
          <DashboardHeader />
          <main id="main" data-slot="dashboard-section" className="w-full flex-1 p-4 sm:p-6 lg:p-8">
            {children}
          </main>
        </div>
      </SidebarProvider>
      <DepositDialog wallet={wallet} open={depositOpen} onOpenChange={setDepositOpen} />
      {/* The same support button as every public page (from a tablet's width up; a phone has it in
          the menu), the member's details filled in. */}
      <SupportButton prefill={prefill} />
      {support.dialog}
    </DashboardProvider>
  );
}
