import type { StaffRole } from "../../staff-roles";

/*
 * What the team page shows: the staff and their open invitations.
 * Money as integer micro-USDT strings, dates as ISO strings, as everywhere.
 */

export type StaffListEntry = {
  userId: string;
  email: string;
  name: string;
  role: StaffRole;
  twoFactorEnabled: boolean;
  /** The most recent activity of any of their sessions, or null when signed out everywhere. */
  lastActiveAt: string | null;
};

/** An invitation to the staff still waiting for its answer. */
export type StaffInvitationView = {
  id: number;
  email: string;
  role: StaffRole;
  /** Who invited (their email, as the audit log names them). */
  invitedBy: string;
  sentAt: string;
  expiresAt: string;
  /** Past its 72 hours: the link no longer works until it is sent again. */
  expired: boolean;
};
