import { cva, type VariantProps } from "class-variance-authority";
import { XIcon } from "lucide-react";
import type * as React from "react";
import { Button } from "~/components/ui/button";
import { formatUsdt } from "~/lib/money";
import { periodSuffix, priceFor, type BillingPeriod } from "~/lib/pricing";
import { cn } from "~/lib/utils";
import type { PublicPlan } from "~/lib/view-types/content";

const cartItemsVariants = cva("text-sm", {
  variants: {
    variant: {
      default: "space-y-2",
      boxed: "divide-y rounded-md border",
    },
  },
  defaultVariants: { variant: "default" },
});

const cartItemVariants = cva("flex items-center justify-between", {
  variants: {
    variant: {
      default: "gap-2",
      boxed: "gap-3 px-3 py-2",
    },
  },
  defaultVariants: { variant: "default" },
});

/**
 * The plans in a cart, one row each: the name, the price at the chosen period (unless
 * `prices={false}`) and, with `onRemove`, a remove button. The one list of the pricing cart, the
 * sign-up summary, the dashboard's cart and the confirm-purchase dialog; name it with `aria-label`.
 */
export function CartItems({
  items,
  period,
  prices = true,
  onRemove,
  form,
  notes,
  variant,
  className,
  ...props
}: {
  items: readonly PublicPlan[];
  period: BillingPeriod;
  prices?: boolean;
  onRemove?: (planId: number) => void;
  /** The form the remove buttons post without scripts (the pricing page's). */
  form?: string;
  /** A line said under a plan's name (why it cannot be bought: "Already included in All-in-One"). */
  notes?: Readonly<Record<number, string>>;
} & VariantProps<typeof cartItemsVariants> &
  React.ComponentProps<"ul">) {
  return (
    <ul data-slot="cart-items" className={cn(cartItemsVariants({ variant }), className)} {...props}>
      {items.map((plan) => (
        <li key={plan.id} data-slot="cart-item" className={cartItemVariants({ variant })}>
          {notes?.[plan.id] ? (
            <span className="grid min-w-0">
              <span className="truncate font-medium">{plan.name}</span>
              <span data-slot="cart-item-note" className="text-xs text-destructive">
                {notes[plan.id]}
              </span>
            </span>
          ) : (
            <span className="min-w-0 truncate font-medium">{plan.name}</span>
          )}
          {prices ? (
            <span className="ml-auto shrink-0 tabular-nums">
              {formatUsdt(priceFor(BigInt(plan.price), period))}
              <span className="text-muted-foreground"> {periodSuffix[period]}</span>
            </span>
          ) : null}
          {onRemove ? (
            <Button
              // With the pricing page's form it posts `toggle` when scripts are off.
              type="submit"
              form={form}
              name="toggle"
              value={plan.id}
              variant="ghost"
              size="icon"
              className="size-7 text-muted-foreground"
              aria-label={`Remove ${plan.name} from cart`}
              onClick={(event) => {
                event.preventDefault();
                onRemove(plan.id);
              }}
            >
              <XIcon />
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
