import { AppError } from "../lib/errors.ts";
import type { PortalSession } from "./get-portal-session.ts";

export const NOT_LINKED = "Link your account first: this Telegram account is not linked to a member.";

/** The member a portal session belongs to, or a refusal saying what to do (link an account). */
export function requirePortalMember(session: PortalSession): string {
  if (!session.memberId) throw new AppError("FORBIDDEN", NOT_LINKED);
  return session.memberId;
}
