import { AlertTriangleIcon, CheckIcon, CopyIcon } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/sonner";
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
      <svg
        role="img"
        aria-label="QR code of your USDT (TRC-20) address"
        viewBox={`0 0 ${wallet.qr.size} ${wallet.qr.size}`}
        shapeRendering="crispEdges"
        className="mx-auto size-44 rounded-md bg-white"
      >
        <path d={wallet.qr.path} fill="#000" />
      </svg>
      <div className="grid min-w-0 gap-3">
        <CopyRow label="Send exactly" value={`${amount} USDT`} copyValue={amount} slot="order-amount" what="Amount" />
        <CopyRow label="To your USDT (TRC-20) address" value={wallet.address} slot="order-address" what="Address" />
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

function CopyRow({
  label,
  value,
  copyValue = value,
  slot,
  what,
}: {
  label: string;
  value: string;
  copyValue?: string;
  slot: string;
  what: string;
}) {
  const id = React.useId();
  const [copied, setCopied] = React.useState(false);
  React.useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(copyValue);
      setCopied(true);
      toast.success(`${what} copied to clipboard`);
    } catch {
      toast.error(`Failed to copy ${what.toLowerCase()}`);
    }
  };
  return (
    <div className="grid gap-1.5">
      <span id={id} className="text-sm font-medium">
        {label}
      </span>
      <div className="flex items-center gap-2">
        <code
          aria-labelledby={id}
          data-slot={slot}
          className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-2 font-mono text-xs break-all sm:text-sm"
        >
          {value}
        </code>
        <Button
          type="button"
          variant="outline"
          size="icon"
          onClick={copy}
          aria-label={copied ? `${what} copied` : `Copy ${what.toLowerCase()}`}
        >
          {copied ? <CheckIcon className="text-success" /> : <CopyIcon />}
        </Button>
      </div>
    </div>
  );
}
