import { LockIcon } from "lucide-react";
import type * as React from "react";
import { cn } from "~/lib/utils";

// Card brands are drawn 48×32, coins 32×32.
const methods = [
  { src: "/images/payments/visa.svg", name: "Visa", width: 48 },
  { src: "/images/payments/mastercard.svg", name: "Mastercard", width: 48 },
  { src: "/images/payments/amex.svg", name: "American Express", width: 48 },
  { src: "/images/payments/usdt.svg", name: "Tether (USDT)", width: 32 },
  { src: "/images/payments/btc.svg", name: "Bitcoin (BTC)", width: 32 },
  { src: "/images/payments/eth.svg", name: "Ethereum (ETH)", width: 32 },
  { src: "/images/payments/trx.svg", name: "TRON (TRX)", width: 32 },
];

/**
 * The checkout note and accepted payment methods, worded as the product's copy has them, even
 * though members actually pay from a USDT balance. Icons are local files: no third-party requests,
 * nothing for the CSP to allow.
 */
export function PaymentMethods({ className, ...props }: React.ComponentProps<"section">) {
  return (
    <section
      data-slot="payment-methods"
      aria-label="Payment"
      className={cn("flex flex-col items-center gap-4 text-center", className)}
      {...props}
    >
      <p className="flex items-center gap-2 text-sm font-medium">
        <LockIcon className="size-4 text-primary" aria-hidden="true" />
        Secure checkout powered by Stripe
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
