import { AlertTriangleIcon, CheckIcon, CopyIcon } from "lucide-react";
import * as React from "react";
import { useSiteData } from "~/components/site/use-brand";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { toast } from "~/components/ui/sonner";
import type { DepositWallet } from "~/lib/view-types/member";
import { CardTopUp } from "./card-top-up";
import { useDashboard } from "./dashboard-context";
import { formatBalance } from "./format";
import { SimulateDeposit } from "./simulate-deposit";

/** The copy confirmation shows for 2 seconds. */
const COPIED_MS = 2000;

/**
 * "Deposit Funds": the member's own USDT TRC-20 address with a copy button, its QR
 * code (an inline SVG drawn on the server) and the network warning; when Stripe is
 * configured, a top-up by card; and outside production, "Simulate a deposit".
 */
export function DepositDialog({
  wallet,
  ...props
}: { wallet: DepositWallet | null } & React.ComponentProps<typeof Dialog>) {
  const { balance } = useDashboard();
  const config = useSiteData()?.config;
  const cardPayments = config?.cardPayments ?? false;
  const [copied, setCopied] = React.useState(false);
  React.useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    if (!wallet) return;
    try {
      await navigator.clipboard.writeText(wallet.address);
      setCopied(true);
      toast.success("Address copied to clipboard");
    } catch {
      toast.error("Failed to copy address");
    }
  };

  return (
    <Dialog {...props}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Deposit Funds</DialogTitle>
          <DialogDescription>
            Send USDT to your personal address below. Your balance ({formatBalance(balance)}) is credited automatically
            once the transfer is confirmed.
          </DialogDescription>
        </DialogHeader>
        {wallet ? (
          <div className="grid gap-4">
            <svg
              role="img"
              aria-label="QR code of your deposit address"
              viewBox={`0 0 ${wallet.qr.size} ${wallet.qr.size}`}
              shapeRendering="crispEdges"
              className="mx-auto size-48 rounded-md bg-white"
            >
              <path d={wallet.qr.path} fill="#000" />
            </svg>
            <div className="grid gap-1.5">
              <span id="deposit-address-label" className="text-sm font-medium">
                Your USDT (TRC-20) deposit address
              </span>
              <div className="flex items-center gap-2">
                <code
                  aria-labelledby="deposit-address-label"
                  data-slot="deposit-address"
                  className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-2 font-mono text-xs break-all sm:text-sm"
                >
                  {wallet.address}
                </code>
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  onClick={copy}
                  aria-label={copied ? "Address copied" : "Copy address"}
                >
                  {copied ? <CheckIcon className="text-success" /> : <CopyIcon />}
                </Button>
              </div>
              <p aria-live="polite" className="min-h-5 text-sm text-muted-foreground">
                {copied ? "Copied!" : ""}
              </p>
            </div>
            <p role="note" className="flex gap-2 rounded-md border border-warning/60 bg-warning/10 p-3 text-sm">
              <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                Send only <strong>USDT on the TRON (TRC-20) network</strong> to this address. Other coins or networks
                cannot be credited and may be lost.
              </span>
            </p>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">
            Your deposit address is being prepared. Please try again in a moment.
          </p>
        )}
        {cardPayments ? <CardTopUp /> : null}
        {config?.simulatedDeposits && wallet ? <SimulateDeposit /> : null}
      </DialogContent>
    </Dialog>
  );
}
