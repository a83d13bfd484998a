import * as React from "react";
import type { MemberProfile } from "~/lib/view-types/member";

type DashboardContextValue = {
  profile: MemberProfile;
  /** The balance shown in the header, micro-USDT; a purchase sets it from its answer right away. */
  balance: bigint;
  setBalance: (micro: bigint) => void;
  openDeposit: () => void;
};

const DashboardContext = React.createContext<DashboardContextValue | null>(null);

export function DashboardProvider({
  profile,
  openDeposit,
  children,
}: {
  profile: MemberProfile;
  openDeposit: () => void;
  children: React.ReactNode;
}) {
  const [balance, setBalance] = React.useState(() => BigInt(profile.balance));
  // A reload of the loader (after any change) is the truth again.
  React.useEffect(() => setBalance(BigInt(profile.balance)), [profile.balance]);
  const value = React.useMemo(() => ({ profile, balance, setBalance, openDeposit }), [profile, balance, openDeposit]);
  return <DashboardContext.Provider value={value}>{children}</DashboardContext.Provider>;
}

export function useDashboard() {
  const context = React.useContext(DashboardContext);
  if (!context) throw new Error("useDashboard must be used inside DashboardProvider.");
  return context;
}
