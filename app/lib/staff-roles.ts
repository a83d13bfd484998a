/*
 * Staff roles and what each may do, shared by the server's checks and the back
 * office's navigation. Members have no role: they never see /admin.
 */

export const STAFF_ROLES = ["owner", "admin", "editor", "support"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Every permission the back office checks, by resource (Better Auth access-control statements). */
export const STAFF_STATEMENTS = {
  overview: ["read"],
  // assist: notes, sign-out everywhere; write: subscriptions, bans and what moves money.
  members: ["read", "assist", "write"],
  // settings: how the shop sells (how long an order's prices are held and it stays open), owner only.
  money: ["read", "write", "settings"],
  inbox: ["read", "reply"],
  content: ["read", "write"],
  // What members pay: a plan's prices, publishing and retiring it. Texts are content.write.
  prices: ["write"],
  newsletter: ["read", "write"],
  // Writing to members in bulk, by the bot and by email: owners and admins only.
  broadcasts: ["send"],
  staff: ["read", "write"],
  audit: ["read"],
  // fix: a member's Telegram link; channel: the channel posts are announced in.
  telegram: ["fix", "channel"],
} as const;

type Statements = typeof STAFF_STATEMENTS;
export type StaffPermission = { [R in keyof Statements]: `${R & string}.${Statements[R][number]}` }[keyof Statements];

const everything = Object.entries(STAFF_STATEMENTS).flatMap(([resource, actions]) =>
  actions.map((a) => `${resource}.${a}`),
) as StaffPermission[];

/**
 * owner: everything, manages staff and changes the shop's settings (money.settings); admin:
 * everything but those; editor: content only
 * (never prices, never broadcasts); support: members (read, notes, sign-out), inbox, Telegram fixes — no money,
 * no content.
 */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly StaffPermission[]> = {
  owner: everything,
  admin: everything.filter((p) => !p.startsWith("staff.") && p !== "money.settings"),
  editor: ["overview.read", "content.read", "content.write", "newsletter.read", "newsletter.write"],
  support: ["overview.read", "members.read", "members.assist", "inbox.read", "inbox.reply", "telegram.fix"],
};

export function can(role: StaffRole, permission: StaffPermission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: "Owner",
  admin: "Admin",
  editor: "Editor",
  support: "Support",
};
