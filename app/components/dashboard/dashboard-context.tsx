import * as React from "react";
import type { MemberProfile } from "~/lib/view-types/member";
import type { OpenOrderNotice } from "~/lib/view-types/member-order";

type DashboardContextValue = {
  profile: MemberProfile;
  /** The member's unpaid order, reminded of wherever they look (null on the order's own page). */
  openOrder: OpenOrderNotice | null;
  /** The balance shown in the header, micro-USDT; a purchase sets it from its answer right away. */
  balance: bigint;
  setBalance: (micro: bigint) => void;
  openDeposit: () => void;
  /** The contact dialog the phone menu's "Contact support" opens. */
  support: { open: () => void; preload: () => void };
};

const DashboardContext = React.createContext<DashboardContextValue | null>(null);

export function DashboardProvider({
  profile,
  openOrder,
  openDeposit,
  support,
  children,
}: {
  profile: MemberProfile;
  openOrder: OpenOrderNotice | null;
  openDeposit: () => void;
  support: DashboardContextValue["support"];
  children: React.ReactNode;
}) {
  const [balance, setBalance] = React.useState(() => BigInt(profile.balance));
  // A reload of the loader (after any change) is the truth again.
  React.useEffect(() => setBalance(BigInt(profile.balance)), [profile.balance]);
  const { open, preload } = support;
  const value = React.useMemo(
    () => ({ profile, openOrder, balance, setBalance, openDeposit, support: { open, preload } }),
    [profile, openOrder, balance, openDeposit, open, preload],
  );
  return <DashboardContext.Provider value={value}>{children}</DashboardContext.Provider>;
}

export function useDashboard() {
  const context = React.useContext(DashboardContext);
  if (!context) throw new Error("useDashboard must be used inside DashboardProvider.");
  return context;
}
