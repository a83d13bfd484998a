import type * as React from "react";
import { formatUsdt } from "~/lib/money";
import type { PriceTakenOff } from "~/lib/view-types/member";

/** "−$4.90 USDT": an amount taken off, with a true minus. */
export function minusUsdt(micro: string | bigint): string {
  return `\u2212${formatUsdt(BigInt(micro), { suffix: true })}`;
}

/**
 * The list price and what came off it, as term/amount pairs for a `<dl>`: the list price, the
 * discount named by its code, the credit. Nothing to list when nothing was taken off.
 */
export function takenOffLines(takenOff: PriceTakenOff | null): [string, string][] {
  if (!takenOff) return [];
  const lines: [string, string][] = [["List price", formatUsdt(BigInt(takenOff.list), { suffix: true })]];
  if (BigInt(takenOff.discount) > 0n)
    lines.push([`Discount (code ${takenOff.couponCode ?? "—"})`, minusUsdt(takenOff.discount)]);
  if (BigInt(takenOff.credit) > 0n)
    lines.push([takenOff.creditNote ?? "Credit for unused time", minusUsdt(takenOff.credit)]);
  return lines;
}

/** One line under a statement row: "List price $49.00 USDT · Discount (code SPRING) −$4.90 USDT". */
export function TakenOffNote({
  takenOff,
  ...props
}: { takenOff: PriceTakenOff | null } & React.ComponentProps<"span">) {
  const lines = takenOffLines(takenOff);
  if (lines.length === 0) return null;
  return (
    <span data-slot="taken-off" className="block text-xs text-muted-foreground" {...props}>
      {lines.map(([term, amount]) => `${term} ${amount}`).join(" · ")}
    </span>
  );
}
