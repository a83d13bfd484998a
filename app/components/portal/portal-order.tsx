import { QrCode } from "~/components/ui/qr-code";
import { formatUsdt, microToDecimal } from "~/lib/money";
import type { OrderView } from "~/lib/view-types/member-order";

/**
 * The member's open order and the ways to pay what is due: USDT to their own address (QR drawn
 * on the server, the exact amount), or a card through Stripe Checkout opened outside Telegram.
 * The order completes by itself once the balance covers it, whichever way the money came.
 */
export function PortalOrder({ view, cardPayments }: { view: OrderView; cardPayments: boolean }) {
  const { order, wallet } = view;
  const due = BigInt(view.due);
  return (
    <section aria-labelledby="portal-order" className="card" data-testid="portal-order">
      <h2 id="portal-order">Your order {order.reference}</h2>
      <p>
        {order.plans.map((plan) => plan.name).join(", ")} · {order.billingPeriod}
      </p>
      <dl className="figures">
        <dt>Total</dt>
        <dd>{formatUsdt(BigInt(order.total), { suffix: true })}</dd>
        <dt>Balance</dt>
        <dd>{formatUsdt(BigInt(view.balance), { suffix: true })}</dd>
        <dt>Still due</dt>
        <dd data-testid="portal-due">{formatUsdt(due, { suffix: true })}</dd>
      </dl>
      {order.problem ? <p role="alert">{order.problem}</p> : null}
      {order.repriced ? (
        <p className="hint">Prices changed since this order was made: cancel it and choose your plan again.</p>
      ) : null}
      <h3>Pay with USDT (TRC-20)</h3>
      {wallet ? (
        <div className="usdt">
          <QrCode qr={wallet.qr} label="QR code of your USDT (TRC-20) address" className="qr" />
          <p>
            Send exactly <strong data-testid="portal-usdt-amount">{`${microToDecimal(due)} USDT`}</strong> to
          </p>
          <p className="address" data-testid="portal-address">
            {wallet.address}
          </p>
          <div className="choices">
            <button type="button" className="secondary" data-copy={microToDecimal(due)}>
              Copy amount
            </button>
            <button type="button" className="secondary" data-copy={wallet.address}>
              Copy address
            </button>
          </div>
          <p className="hint">
            Send only USDT on TRON (TRC-20): other coins or networks cannot be credited. Your order completes by itself
            once the transfer is confirmed.
          </p>
        </div>
      ) : (
        <p className="hint">Your deposit address is being prepared. Please try again in a moment.</p>
      )}
      {cardPayments ? (
        <>
          <h3>Pay by card</h3>
          <button type="button" data-post="/api/portal/card-checkout" data-body={JSON.stringify({ purpose: "order" })}>
            Pay {formatUsdt(due)} by card
          </button>
          <p className="hint">Stripe's payment page opens outside Telegram; come back here when you are done.</p>
        </>
      ) : null}
      <button
        type="button"
        className="secondary"
        data-post="/api/portal/orders/cancel"
        data-body={JSON.stringify({ orderId: order.id })}
      >
        Cancel order
      </button>
    </section>
  );
}
