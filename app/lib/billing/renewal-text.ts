import { formatUsdt } from "../money";
import { periodSuffix, type BillingPeriod } from "../pricing";

/**
 * What a cart's renewals cost: `price` for the next renewals (`times` of them, null: all), then
 * `then` (the list price) once a code's renewals are used up.
 */
export type CartRenewal = { price: bigint; times: number | null; then: bigint };

/**
 * The words after a cart's total. "/month" only when every renewal costs the total; a total that
 * is the first period's alone (a first-period code, an upgrade's credit) says what follows:
 * "today, then $38.00 /month"; a code on a number of renewals says for how long:
 * "/month for 3 months, then $38.00 /month". Lifetime has no renewals.
 */
export function totalSuffix(period: BillingPeriod, total: bigint, renewal: CartRenewal): string {
  const per = periodSuffix[period];
  if (period === "lifetime") return per;
  const months = (n: number, m = n * (period === "quarterly" ? 3 : 1)) => `${m} month${m === 1 ? "" : "s"}`;
  const limited = renewal.times !== null && renewal.price !== renewal.then;
  const then = `, then ${formatUsdt(renewal.then)} ${per}`;
  if (total !== renewal.price)
    return `today, then ${formatUsdt(renewal.price)} ${per}${limited ? ` for ${months(renewal.times!)}${then}` : ""}`;
  return limited ? `${per} for ${months(renewal.times! + 1)}${then}` : per;
}
