import { AlertTriangleIcon } from "lucide-react";
import { CopyField } from "~/components/ui/copy-field";
import { QrCode } from "~/components/ui/qr-code";
import { microToDecimal } from "~/lib/money";
import type { DepositWallet } from "~/lib/view-types/member";

/**
 * USDT TRC-20: the member's own address (QR code drawn on the server, no library in the
 * browser), the exact amount still due, both copyable, and the network warning.
 */
export function PayWithUsdt({ wallet, due }: { wallet: DepositWallet | null; due: bigint }) {
  const amount = microToDecimal(due);
  if (!wallet)
    return (
      <p className="text-sm text-muted-foreground">
        Your deposit address is being prepared. Please try again in a moment.
      </p>
    );
  return (
    <div className="grid gap-4 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-start">
      <QrCode
        qr={wallet.qr}
        label="QR code of your USDT (TRC-20) address"
        className="mx-auto size-44 rounded-md bg-white"
      />
      <div className="grid min-w-0 gap-3">
        <CopyField
          label="Send exactly"
          value={`${amount} USDT`}
          copyValue={amount}
          valueSlot="order-amount"
          what="Amount"
        />
        <CopyField
          label="To your USDT (TRC-20) address"
          value={wallet.address}
          valueSlot="order-address"
          what="Address"
        />
        <p role="note" className="flex gap-2 rounded-md border border-warning/60 bg-warning/10 p-3 text-sm">
          <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            Send only <strong>USDT on TRON (TRC-20)</strong>. Other coins or networks cannot be credited and may be
            lost. Your order completes by itself once the transfer is confirmed.
          </span>
        </p>
      </div>
    </div>
  );
}
