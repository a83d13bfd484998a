/**
 * What a cart, an order, a purchase or a renewal charges, line by line: one line per plan, each
 * with its list price (the one pricing module's price for the period), a discount (a coupon code's,
 * with the code) and a credit (the unused part of a plan the purchase replaces). The amount charged
 * is list price − discount − credit and never goes below zero: the discount is capped at the list
 * price and the credit at what the discount left. The ledger moves only the amount charged; the
 * billing row and the receipt show all of it.
 *
 * Money is integer micro-USDT (bigint); on the wire and in stored JSON it is a string.
 */
export type PricedLine = {
  planId: number;
  name: string;
  listPrice: bigint;
  discount: bigint;
  credit: bigint;
  charged: bigint;
  /** What the credit is for, as the member reads it ("Unused days of VIP"); null without a credit. */
  creditNote: string | null;
};

/** The lines of one checkout with their sums; the coupon code is the one every discount came from. */
export type PricedCart = {
  lines: PricedLine[];
  couponCode: string | null;
  list: bigint;
  discount: bigint;
  credit: bigint;
  charged: bigint;
};

const ZERO = 0n;
const clamp = (value: bigint, max: bigint) => (value < ZERO ? ZERO : value > max ? max : value);

/**
 * One line at its list price with a discount and a credit asked for, each cut down so that the
 * amount charged stays at or above zero. Negative amounts asked for count as none.
 */
export function priceLine(
  plan: { planId: number; name: string; listPrice: bigint },
  adjustments: { discount?: bigint; credit?: bigint; creditNote?: string | null } = {},
): PricedLine {
  const listPrice = plan.listPrice < ZERO ? ZERO : plan.listPrice;
  const discount = clamp(adjustments.discount ?? ZERO, listPrice);
  const credit = clamp(adjustments.credit ?? ZERO, listPrice - discount);
  return {
    planId: plan.planId,
    name: plan.name,
    listPrice,
    discount,
    credit,
    charged: listPrice - discount - credit,
    creditNote: credit > ZERO ? (adjustments.creditNote ?? null) : null,
  };
}

/** The sums of a checkout's lines. The code is kept only when some line was discounted. */
export function priceCart(lines: readonly PricedLine[], couponCode: string | null = null): PricedCart {
  let list = ZERO;
  let discount = ZERO;
  let credit = ZERO;
  for (const line of lines) {
    list += line.listPrice;
    discount += line.discount;
    credit += line.credit;
  }
  return {
    lines: [...lines],
    couponCode: discount > ZERO ? couponCode : null,
    list,
    discount,
    credit,
    charged: list - discount - credit,
  };
}

/** Lines as stored (jsonb) and sent (money as micro-USDT strings). */
export type StoredLine = {
  planId: number;
  name: string;
  listPrice: string;
  discount: string;
  credit: string;
  charged: string;
  creditNote?: string | null;
};

export function toStoredLines(lines: readonly PricedLine[]): StoredLine[] {
  return lines.map((line) => ({
    planId: line.planId,
    name: line.name,
    listPrice: line.listPrice.toString(),
    discount: line.discount.toString(),
    credit: line.credit.toString(),
    charged: line.charged.toString(),
    ...(line.creditNote ? { creditNote: line.creditNote } : {}),
  }));
}

/** Stored lines read back; the amount charged is worked out again, so it always agrees with the rest. */
export function fromStoredLines(stored: readonly StoredLine[]): PricedLine[] {
  return stored.map((line) =>
    priceLine(
      { planId: line.planId, name: line.name, listPrice: BigInt(line.listPrice) },
      { discount: BigInt(line.discount), credit: BigInt(line.credit), creditNote: line.creditNote ?? null },
    ),
  );
}

/** What a credit was for, from the lines that got one ("Credit for unused 21 days of VIP Signals"). */
export function creditNoteOf(lines: readonly { creditNote?: string | null }[] | null | undefined): string | null {
  const notes = (lines ?? []).flatMap((line) => (line.creditNote ? [line.creditNote] : []));
  return notes.length > 0 ? notes.join("; ") : null;
}
