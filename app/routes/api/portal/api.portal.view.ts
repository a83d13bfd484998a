import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { PortalBuyView } from "~/components/portal/portal-buy";
import { PortalHomeView } from "~/components/portal/portal-home";
import { PortalLinkView } from "~/components/portal/portal-link";
import { getConfig, getPublicOrigin } from "#server/config";
import { getDb } from "#server/db/client";
import { requirePortalSession } from "#server/http/portal-guard";
import { isAppError } from "#server/lib/errors";
import { loadPortalBuy } from "#server/portal/load-portal-buy";
import { loadPortalHome } from "#server/portal/load-portal-home";
import type { Route } from "./+types/api.portal.view";

const html = (body: string, status = 200) =>
  new Response(body, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * What the portal shows, as HTML the server renders from the portal's components (GET, the
 * portal token in Authorization): `?view=home` (default), `?view=buy&plan=ID&period=…` or
 * `?view=link&email=…` (the code step of linking an account). The
 * page swaps it in; a refusal is JSON with the pipeline's envelope (401 `signedOut`).
 */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const session = await requirePortalSession(request);
    const url = new URL(request.url);
    const db = getDb();
    const email = url.searchParams.get("email");
    // The code step of linking, for an account not linked yet (a linked one goes home).
    if (url.searchParams.get("view") === "link" && !session.memberId && email)
      return html(renderToStaticMarkup(createElement(PortalLinkView, { email: email.slice(0, 255) })));
    if (url.searchParams.get("view") === "buy") {
      const buy = await loadPortalBuy({
        db,
        session,
        planId: url.searchParams.get("plan") ?? "",
        billingPeriod: url.searchParams.get("period") ?? "",
      });
      return html(renderToStaticMarkup(createElement(PortalBuyView, { buy })));
    }
    const home = await loadPortalHome({
      db,
      session,
      siteUrl: getPublicOrigin(),
      cardPayments: getConfig().stripe !== undefined,
    });
    return html(renderToStaticMarkup(createElement(PortalHomeView, { home })));
  } catch (error) {
    if (!isAppError(error)) throw error;
    return Response.json(
      { ok: false, error: error.message, ...(error.code === "UNAUTHORIZED" ? { signedOut: true } : {}) },
      { status: error.status, headers: { "Cache-Control": "no-store" } },
    );
  }
}
