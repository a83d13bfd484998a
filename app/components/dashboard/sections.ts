import {
  BookOpenIcon,
  CreditCardIcon,
  GiftIcon,
  GraduationCapIcon,
  HomeIcon,
  LayersIcon,
  RadioTowerIcon,
  ReceiptIcon,
  ShoppingBagIcon,
  UserIcon,
  type LucideIcon,
} from "lucide-react";

export type SectionKey =
  | "welcome"
  | "user-info"
  | "subscriptions"
  | "order"
  | "billing-history"
  | "knowledgebase"
  | "referrals"
  | "signals"
  | "courses"
  | "purchase-asi";

/** `unlisted`: reached by its own links (the order view, opened by "Continue to Pay"), not the sidebar. */
type SectionDef = { key: SectionKey; title: string; icon: LucideIcon; enabled: boolean; unlisted?: boolean };

/**
 * The dashboard's sections. Signals, Courses and Purchase ASI are defined but
 * disabled: hidden from the sidebar, and asking for them shows "… - Coming soon". Any other
 * `?section=` is a page the site does not have: not found.
 */
export const dashboardSections: readonly SectionDef[] = [
  { key: "welcome", title: "Welcome", icon: HomeIcon, enabled: true },
  { key: "user-info", title: "User Info", icon: UserIcon, enabled: true },
  { key: "subscriptions", title: "Subscriptions", icon: LayersIcon, enabled: true },
  { key: "order", title: "Your order", icon: ReceiptIcon, enabled: true, unlisted: true },
  { key: "billing-history", title: "Billing history", icon: CreditCardIcon, enabled: true },
  { key: "knowledgebase", title: "Knowledgebase", icon: BookOpenIcon, enabled: true },
  { key: "referrals", title: "Referrals", icon: GiftIcon, enabled: true },
  { key: "signals", title: "Signals", icon: RadioTowerIcon, enabled: false },
  { key: "courses", title: "Courses", icon: GraduationCapIcon, enabled: false },
  { key: "purchase-asi", title: "Purchase ASI", icon: ShoppingBagIcon, enabled: false },
];

export const DEFAULT_SECTION: SectionKey = "welcome";

export type ResolvedSection = { key: SectionKey; enabled: true } | { key: SectionKey; enabled: false; title: string };

/**
 * What `?section=` asks for: an enabled section, or the "Coming soon" page of a disabled one.
 * No parameter opens Welcome; a key the dashboard does not define is null (not found): an
 * address that answered "Coming soon" for anything typed would promise pages that will never come.
 */
export function resolveSection(param: string | null): ResolvedSection | null {
  const key = (param ?? "").trim().toLowerCase();
  if (!key) return { key: DEFAULT_SECTION, enabled: true };
  const known = dashboardSections.find((s) => s.key === key);
  if (!known) return null;
  return known.enabled ? { key: known.key, enabled: true } : { key: known.key, enabled: false, title: known.title };
}
