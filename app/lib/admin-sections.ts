import { can, type StaffPermission, type StaffRole } from "./staff-roles";

/**
 * The back office's sections that exist, in sidebar order, each with the permission it needs.
 * A role sees only what it may use; the routes answer 404 to the others. The content editors
 * join this list when they are built.
 */
export const ADMIN_SECTIONS = [
  { key: "overview", title: "Overview", path: "/admin", permission: "overview.read" },
  { key: "members", title: "Members", path: "/admin/members", permission: "members.read" },
  { key: "inbox", title: "Inbox", path: "/admin/inbox", permission: "inbox.read" },
  { key: "posts", title: "Posts", path: "/admin/posts", permission: "content.read" },
  { key: "plans", title: "Plans", path: "/admin/plans", permission: "content.read" },
  { key: "results", title: "Results", path: "/admin/results", permission: "content.read" },
  { key: "knowledgebase", title: "Knowledgebase", path: "/admin/knowledgebase", permission: "content.read" },
  { key: "money", title: "Money", path: "/admin/money", permission: "money.read" },
  { key: "coupons", title: "Coupons", path: "/admin/coupons", permission: "money.write" },
  { key: "referrals", title: "Referrals", path: "/admin/referrals", permission: "money.read" },
  { key: "newsletter", title: "Newsletter", path: "/admin/newsletter", permission: "newsletter.read" },
  { key: "broadcasts", title: "Broadcasts", path: "/admin/broadcasts", permission: "broadcasts.send" },
  { key: "staff", title: "Staff", path: "/admin/staff", permission: "staff.read" },
  { key: "audit-log", title: "Audit log", path: "/admin/audit-log", permission: "audit.read" },
] as const satisfies readonly { key: string; title: string; path: string; permission: StaffPermission }[];

export type AdminSectionKey = (typeof ADMIN_SECTIONS)[number]["key"];

export function sectionsFor(role: StaffRole) {
  return ADMIN_SECTIONS.filter((section) => can(role, section.permission));
}
