import type * as React from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatUsdt } from "~/lib/money";
import { cn } from "~/lib/utils";
import type { CartCoupon } from "./use-cart-coupon";

/**
 * A cart's coupon code field: type a code and Apply (or Enter); the code applied then shows with
 * Remove, and a refused code says why under the field. `name`: the field is part of the page's own
 * form (sign-up), posted with it, so Apply does not submit anything itself; without it the field
 * is a form of its own (a form without an action: a tap before the scripts ran is kept and played).
 */
export function CouponField({
  id,
  coupon,
  name,
  disabled = false,
  serverError,
  className,
}: {
  id: string;
  coupon: CartCoupon;
  name?: string;
  disabled?: boolean;
  /** The server's refusal of the code posted with the page's form, shown until the code is checked again. */
  serverError?: string;
  className?: string;
}) {
  const errorId = `${id}-error`;
  const message = coupon.error ?? (coupon.code || coupon.busy ? null : serverError);
  const error = message ? (
    <p id={errorId} role="alert" className="text-sm text-destructive">
      {message}
    </p>
  ) : null;

  if (coupon.code) {
    return (
      <div data-slot="coupon-field" className={cn("grid gap-2", className)}>
        {name ? <input type="hidden" name={name} value={coupon.code} /> : null}
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span>
            Code <span className="font-mono font-medium">{coupon.code}</span> applied.
          </span>
          <Button type="button" size="sm" variant="outline" onClick={coupon.remove}>
            Remove code
          </Button>
        </div>
        {error}
      </div>
    );
  }

  const apply = (event: React.SyntheticEvent) => {
    event.preventDefault();
    if (!coupon.busy) void coupon.apply();
  };
  const controls = (
    <>
      <Label htmlFor={id}>Coupon code</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          name={name}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="font-mono uppercase placeholder:normal-case"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          disabled={disabled}
          onKeyDown={name ? (event) => event.key === "Enter" && apply(event) : undefined}
          {...coupon.field}
        />
        <Button
          type={name ? "button" : "submit"}
          variant="outline"
          disabled={disabled}
          aria-busy={coupon.busy || undefined}
          onClick={name ? apply : undefined}
        >
          {coupon.busy ? "Applying..." : "Apply"}
        </Button>
      </div>
      {error}
    </>
  );
  return name ? (
    <div data-slot="coupon-field" className={cn("grid gap-2", className)}>
      {controls}
    </div>
  ) : (
    <form data-slot="coupon-field" noValidate onSubmit={apply} className={cn("grid gap-2", className)}>
      {controls}
    </form>
  );
}

/** The discount line a cart shows under its items: the code and what it takes off. */
export function CouponDiscountLine({ coupon, className }: { coupon: CartCoupon; className?: string }) {
  if (!coupon.code || coupon.discount === 0n) return null;
  return (
    <p data-slot="cart-discount" className={cn("flex justify-between gap-3 text-sm", className)}>
      <span>Discount (code {coupon.code})</span>
      <span className="tabular-nums">−{formatUsdt(coupon.discount, { suffix: true })}</span>
    </p>
  );
}
