import { data } from "react-router";
import { portalSessionSchema } from "~/lib/validation/portal/portal";
import { getConfig } from "#server/config";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { openPortalSession } from "#server/portal/open-portal-session";

/**
 * The portal page's first call: Telegram's signed init data, checked and exchanged once for a
 * short-lived portal token. Who the person is comes from the signed data alone. Rate-limited per
 * address, since a wrong signature costs the caller nothing else.
 */
export const action = defineAction({
  schema: portalSessionSchema,
  rateLimit: ({ clientIp }) => ({ key: `portal-session:${clientIp}`, limit: 30, windowSeconds: 5 * 60 }),
  unexpected: "The portal could not be opened. Please try again.",
  run: async ({ input }) => {
    const opened = await openPortalSession({
      db: getDb(),
      initData: input.initData,
      botToken: getConfig().telegram.token,
    });
    return { token: opened.token, expiresAt: opened.expiresAt.toISOString() };
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
