import type * as React from "react";
import { heldFromWire, switchCart, type PlanSwitch, type PlanSwitching } from "~/lib/billing/plan-switch";
import { formatUsdt } from "~/lib/money";
import { priceCart, priceLine, type PricedCart, type PricedLine } from "~/lib/priced-lines";
import { priceFor, type BillingPeriod } from "~/lib/pricing";
import { cn } from "~/lib/utils";
import type { PublicPlan } from "~/lib/view-types/content";

/**
 * A cart priced as the purchase will charge it (app/lib/billing/plan-switch.ts): each plan at its
 * list price, less a code's discount (`coded`: the lines priced with the code, if one is applied),
 * less the credit for the active plans it replaces. `blocked` names why it cannot be bought
 * (already included in an active plan), per plan.
 */
export function priceCartSwitch(options: {
  items: readonly PublicPlan[];
  period: BillingPeriod;
  switching: PlanSwitching;
  coded?: readonly PricedLine[] | null;
  couponCode?: string | null;
}): { cart: PricedCart; replaced: PlanSwitch["replaced"]; blocked: Record<number, string> } {
  const { items, period, switching } = options;
  const lines =
    options.coded ??
    items.map((plan) =>
      priceLine({ planId: plan.id, name: plan.name, listPrice: priceFor(BigInt(plan.price), period) }),
    );
  const switched = switchCart({ lines, period, held: heldFromWire(switching), reach: switching.reach });
  const blocked: Record<number, string> = {};
  for (const reach of switching.reach)
    if (reach.includedIn && !switching.held.some((held) => held.planId === reach.planId))
      blocked[reach.planId] = `Already included in ${reach.includedIn}`;
  return { cart: priceCart(switched.lines, options.couponCode ?? null), replaced: switched.replaced, blocked };
}

/**
 * The sentence under the arithmetic naming what ends at the switch: a plan credited has "its
 * unused part" (several, "their unused parts") credited above; a free trial gave nothing back,
 * so it only ends. Null when nothing ends.
 */
export function endingNote(replaced: readonly { name: string; credit: bigint }[], credited: boolean): string | null {
  const paid = [...new Set(replaced.filter((sub) => credited && sub.credit > 0n).map((sub) => sub.name))];
  const rest = [...new Set(replaced.map((sub) => sub.name))].filter((name) => !paid.includes(name));
  const end = (names: string[]) => `${names.join(", ")} ${names.length > 1 ? "end" : "ends"} when you confirm`;
  const parts = [];
  if (paid.length > 0)
    parts.push(`${end(paid)}; ${paid.length > 1 ? "their unused parts are" : "its unused part is"} credited above.`);
  if (rest.length > 0) parts.push(`${end(rest)}.`);
  return parts.length > 0 ? parts.join(" ") : null;
}

const minus = (micro: bigint) => `\u2212${formatUsdt(micro, { suffix: true })}`;

/**
 * The arithmetic of an upgrade, first in the confirmation: list price − discount − credit for the
 * unused days of the plan it replaces = amount charged, and which plan ends at the switch.
 * Nothing when nothing is credited.
 */
export function SwitchArithmetic({
  cart,
  replaced,
  className,
  ...props
}: { cart: PricedCart; replaced: PlanSwitch["replaced"] } & React.ComponentProps<"div">) {
  if (cart.credit === 0n && replaced.length === 0) return null;
  const rows: [string, string][] = [["List price", formatUsdt(cart.list, { suffix: true })]];
  if (cart.discount > 0n) rows.push([`Discount (code ${cart.couponCode ?? "—"})`, minus(cart.discount)]);
  for (const line of cart.lines)
    if (line.credit > 0n) rows.push([line.creditNote ?? "Credit for unused time", minus(line.credit)]);
  rows.push(["Amount charged", formatUsdt(cart.charged, { suffix: true })]);
  const ending = endingNote(replaced, cart.credit > 0n);
  return (
    <div
      data-slot="switch-arithmetic"
      className={cn("grid gap-2 rounded-md border bg-muted/40 p-3", className)}
      {...props}
    >
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {rows.map(([term, amount], index) => (
          <div key={term} className="contents">
            <dt className={index === rows.length - 1 ? "font-semibold" : "text-muted-foreground"}>{term}</dt>
            <dd className={cn("text-right tabular-nums", index === rows.length - 1 && "font-semibold")}>{amount}</dd>
          </div>
        ))}
      </dl>
      {ending ? <p className="text-xs text-muted-foreground">{ending}</p> : null}
    </div>
  );
}
