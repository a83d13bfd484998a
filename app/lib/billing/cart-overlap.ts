/**
 * The first plan of a cart that another plan of the same cart includes (every one of its chats),
 * with the text the purchase and the order refuse the cart with: the member would pay twice for
 * the same channels. Only the first is said, as the refusal names one plan; once it is removed,
 * the next (if any) is said. `inside` is the server's: for each plan, the plans that include it.
 * The text is written here rather than taken from plan-switch.ts, which the public pricing page
 * would then download; tests/integration/billing/plan-switch.test.ts holds the two to one text.
 */
export function cartOverlap(
  items: readonly { id: number; name: string }[],
  inside: Readonly<Record<number, readonly number[]>>,
): { planId: number; note: string } | null {
  for (const plan of items) {
    const outer = items.find((other) => inside[plan.id]?.includes(other.id));
    if (outer) return { planId: plan.id, note: `Already included in ${outer.name}` };
  }
  return null;
}
