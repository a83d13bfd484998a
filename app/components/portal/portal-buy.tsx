import { formatUsdt } from "~/lib/money";
import type { PortalBuy } from "~/lib/view-types/portal";

const PERIOD = { monthly: "Monthly", quarterly: "Quarterly (3 months)", lifetime: "Lifetime" } as const;

/**
 * The confirm step before buying a plan: paid from the balance when it covers the price (the
 * same purchase as the website's, with the total shown and one idempotency key), else an order
 * that waits for the money (USDT or card) and completes by itself once it arrives.
 */
export function PortalBuyView({ buy }: { buy: PortalBuy }) {
  const price = BigInt(buy.price);
  const balance = BigInt(buy.balance);
  const covers = balance >= price;
  const body = { planIds: [buy.planId], billingPeriod: buy.billingPeriod };
  return (
    <section aria-labelledby="portal-buy" className="card">
      <h1 id="portal-buy">{buy.planName}</h1>
      <dl className="figures">
        <dt>Period</dt>
        <dd>{PERIOD[buy.billingPeriod]}</dd>
        <dt>Price</dt>
        <dd>{formatUsdt(price, { suffix: true })}</dd>
        <dt>Your balance</dt>
        <dd>{formatUsdt(balance, { suffix: true })}</dd>
      </dl>
      {buy.alreadyActive ? (
        <p role="alert">You already have this plan.</p>
      ) : covers ? (
        <button
          type="button"
          data-main
          data-post="/api/portal/purchase"
          data-body={JSON.stringify({ ...body, totalAmount: buy.price, idempotencyKey: buy.idempotencyKey })}
        >
          Pay {formatUsdt(price)} from balance
        </button>
      ) : (
        <>
          <p className="hint">
            Your balance is {formatUsdt(price - balance)} short. Continue to pay the rest with USDT or by card.
          </p>
          <button type="button" data-main data-post="/api/portal/orders" data-body={JSON.stringify(body)}>
            Continue to pay
          </button>
        </>
      )}
    </section>
  );
}
