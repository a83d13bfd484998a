import { getConfig } from "#server/config";
import { portalPageHtml } from "#server/http/portal-page";

/**
 * The member portal inside Telegram, opened by the bot's menu button. The page itself holds
 * nothing personal: its script exchanges Telegram's signed init data for a portal token
 * (/api/portal/session) and asks the server for what to show (/api/portal/view).
 */
export function loader() {
  return new Response(portalPageHtml({ brandName: getConfig().brandName }), {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
