import { formatUsdt } from "~/lib/money";
import { priceFor, type BillingPeriod } from "~/lib/pricing";
import type { PortalHome, PortalMemberHome, PortalStranger } from "~/lib/view-types/portal";
import { PortalOrder } from "./portal-order";
import { PortalReceipts } from "./portal-receipts";
import { PortalSubscriptions } from "./portal-subscriptions";

const usdt = (micro: string) => formatUsdt(BigInt(micro), { suffix: true });

/**
 * The portal's page, rendered on the server into the portal shell by its small script (no React
 * in the browser: the portal must load under 100 KB of JavaScript). Controls carry what the
 * script does with them: `data-post` (an action to post, with `data-body`), `data-open` (a link
 * to open outside Telegram), `data-main` (the text of Telegram's main button).
 */
export function PortalHomeView({ home }: { home: PortalHome }) {
  return home.kind === "member" ? <MemberHome home={home} /> : <StrangerHome home={home} />;
}

function MemberHome({ home }: { home: PortalMemberHome }) {
  const active = home.subscriptions.filter((s) => s.status === "active");
  return (
    <>
      <h1>Hi, {home.firstName || "there"}</h1>
      <section aria-labelledby="portal-balance" className="card">
        <h2 id="portal-balance">Balance</h2>
        <p className="figure" data-testid="portal-balance">
          {usdt(home.balance)}
        </p>
      </section>
      {home.order && home.order.order.status === "pending" ? (
        <PortalOrder view={home.order} cardPayments={home.cardPayments} />
      ) : null}
      <PortalSubscriptions subscriptions={home.subscriptions} />
      {active.length > 0 ? (
        <section aria-labelledby="portal-links" className="card">
          <h2 id="portal-links">Channel links</h2>
          <p className="hint">Your personal invite links arrive in this chat with the bot.</p>
          <button type="button" data-post="/api/portal/links" data-body="{}">
            Send my channel links
          </button>
        </section>
      ) : null}
      <PortalPlans plans={home.plans} />
      <PortalReceipts receipts={home.receipts} />
    </>
  );
}

function PortalPlans({ plans }: { plans: PortalMemberHome["plans"] }) {
  const periods: BillingPeriod[] = ["monthly", "quarterly", "lifetime"];
  const label: Record<BillingPeriod, string> = { monthly: "Monthly", quarterly: "Quarterly", lifetime: "Lifetime" };
  return (
    <section aria-labelledby="portal-plans" className="card">
      <h2 id="portal-plans">Plans</h2>
      {plans.length === 0 ? <p className="hint">No plans are on sale right now.</p> : null}
      <ul className="rows">
        {plans.map((plan) => (
          <li key={plan.id} data-testid="portal-plan">
            <h3>{plan.name}</h3>
            {plan.subtitle ? <p className="hint">{plan.subtitle}</p> : null}
            <div className="choices">
              {periods.map((period) => (
                <button
                  key={period}
                  type="button"
                  className="secondary"
                  data-view="buy"
                  data-params={JSON.stringify({ plan: String(plan.id), period })}
                >
                  {label[period]} · {usdt(priceFor(BigInt(plan.price), period).toString())}
                </button>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function StrangerHome({ home }: { home: PortalStranger }) {
  return (
    <>
      <h1>Hi, {home.firstName || "there"}</h1>
      <section aria-labelledby="portal-link" className="card">
        <h2 id="portal-link">Link your account</h2>
        <p>
          This Telegram account is not linked to a member yet. Sign in with the email of your account: we send you a
          code.
        </p>
        <form data-post="/api/portal/link/code" data-step="code" noValidate>
          <label htmlFor="portal-email">Email</label>
          <input id="portal-email" name="email" type="email" autoComplete="email" required />
          <button type="submit">Email me a code</button>
        </form>
      </section>
      <section aria-labelledby="portal-new" className="card">
        <h2 id="portal-new">New here?</h2>
        <p className="hint">
          Create your account on the website, then verify this Telegram account from your dashboard.
        </p>
        <button type="button" className="secondary" data-open={home.signUpUrl}>
          Create an account
        </button>
      </section>
    </>
  );
}
