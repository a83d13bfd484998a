import { data } from "react-router";
import { ReceiptPage } from "~/components/dashboard/receipt/receipt-page";
import { seoMeta } from "~/lib/meta";
import { requireMember } from "#server/auth/accounts/session";
import { getReceipt } from "#server/dashboard/get-receipt";
import { getDb } from "#server/db/client";
import { withCookies } from "#server/http/auth-actions";
import type { Route } from "./+types/dashboard.receipts.$invoiceId";

export const meta: Route.MetaFunction = ({ matches, location, data: loaded }) =>
  seoMeta({
    matches,
    location,
    title: loaded ? `Receipt ${loaded.receipt.invoiceId}` : "Receipt",
    description: "A receipt for your purchase.",
    noindex: true,
  });

/** A receipt of the member's own: another member's invoice id is "not found", like one that does not exist. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { member, headers } = await requireMember(request);
  const receipt = await getReceipt({ db: getDb(), userId: member.userId, invoiceId: params.invoiceId });
  if (!receipt) throw data("Receipt not found", { status: 404, headers: withCookies(headers) });
  return data({ receipt }, { headers: withCookies(headers) });
}

export default function Receipt({ loaderData }: Route.ComponentProps) {
  return <ReceiptPage receipt={loaderData.receipt} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/site/error-view";
