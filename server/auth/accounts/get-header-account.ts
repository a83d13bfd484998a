import { isStaffRole } from "~/lib/staff-roles";
import type { HeaderAccount } from "~/lib/view-types/site";
import { getLogger } from "../../lib/logger.ts";
import { getAuth } from "../core/auth.ts";

/**
 * The signed-in account the public pages' header names, or null. A request without any cookie is
 * answered null without asking Better Auth: that is the request the anonymous page cache renders
 * and stores, so a stored page is always the visitor's. A session that cannot be read (the
 * database away) shows the visitor's header rather than failing a public page.
 */
export async function getHeaderAccount(request: Request): Promise<{ account: HeaderAccount | null; headers: Headers }> {
  if (!request.headers.get("cookie")) return { account: null, headers: new Headers() };
  try {
    const result = await getAuth().api.getSession({ headers: request.headers, returnHeaders: true });
    const found = result.response;
    const account = found
      ? { name: found.user.name, email: found.user.email, staff: isStaffRole(found.user.role) }
      : null;
    return { account, headers: result.headers };
  } catch (error) {
    getLogger().warn({ err: (error as Error).message }, "header: session not read; showing the visitor's header");
    return { account: null, headers: new Headers() };
  }
}
