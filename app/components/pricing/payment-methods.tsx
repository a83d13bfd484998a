import { LockIcon } from "lucide-react";
import type * as React from "react";
import { useSiteData } from "~/components/site/use-brand";
import { cn } from "~/lib/utils";

// Card brands are drawn 48×32, the coin 32×32.
const cards = [
  { src: "/images/payments/visa.svg", name: "Visa", width: 48 },
  { src: "/images/payments/mastercard.svg", name: "Mastercard", width: 48 },
  { src: "/images/payments/amex.svg", name: "American Express", width: 48 },
];
const usdt = { src: "/images/payments/usdt.svg", name: "Tether (USDT) on TRON (TRC-20)", width: 32 };

/**
 * The payment note and the methods the site accepts, no others: USDT on TRON (TRC-20) always,
 * cards (through Stripe Checkout) only when Stripe is configured. Read from the root loader's
 * public configuration, so the row costs no JavaScript of its own. Icons are local files: no
 * third-party requests, nothing for the CSP to allow.
 */
export function PaymentMethods({ className, ...props }: React.ComponentProps<"section">) {
  const cardPayments = useSiteData()?.config.cardPayments ?? false;
  const methods = cardPayments ? [...cards, usdt] : [usdt];
  return (
    <section
      data-slot="payment-methods"
      aria-label="Payment"
      className={cn("flex flex-col items-center gap-4 text-center", className)}
      {...props}
    >
      <p className="flex items-center gap-2 text-sm font-medium">
        <LockIcon className="size-4 text-primary" aria-hidden="true" />
        {cardPayments
          ? "Pay by card (secure checkout powered by Stripe) or with USDT on TRON (TRC-20)"
          : "Pay with USDT on TRON (TRC-20)"}
      </p>
      <ul aria-label="Accepted payment methods" className="flex flex-wrap items-center justify-center gap-3">
        {methods.map((method) => (
          <li key={method.name}>
            <img src={method.src} alt={method.name} width={method.width} height={32} className="h-8 w-auto" />
          </li>
        ))}
      </ul>
    </section>
  );
}
