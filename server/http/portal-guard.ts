import { getDb } from "../db/client.ts";
import { AppError } from "../lib/errors.ts";
import { PORTAL_MESSAGES } from "../portal/check-init-data.ts";
import { getPortalSession, type PortalSession } from "../portal/get-portal-session.ts";

export type { PortalSession };

/**
 * The portal's session from the request's `Authorization: Bearer` token, which the portal page
 * got by exchanging Telegram's signed init data. No cookie: inside Telegram's web client the
 * portal is a third-party frame, where browsers drop or refuse cookies.
 */
export async function requirePortalSession(request: Request): Promise<PortalSession> {
  const header = request.headers.get("authorization") ?? "";
  const token = /^Bearer ([A-Za-z0-9_-]{1,100})$/.exec(header)?.[1];
  const session = token ? await getPortalSession({ db: getDb(), token }) : null;
  if (!session) throw new AppError("UNAUTHORIZED", PORTAL_MESSAGES.signedOut);
  return session;
}
