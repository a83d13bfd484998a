import { AlertTriangleIcon } from "lucide-react";
import type * as React from "react";
import { useSiteData } from "~/components/site/use-brand";
import { CopyField } from "~/components/ui/copy-field";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { QrCode } from "~/components/ui/qr-code";
import type { DepositWallet } from "~/lib/view-types/member";
import { CardTopUp } from "./card-top-up";
import { useDashboard } from "./dashboard-context";
import { formatBalance } from "./format";
import { SimulateDeposit } from "./simulate-deposit";

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
            <QrCode
              qr={wallet.qr}
              label="QR code of your deposit address"
              className="mx-auto size-48 rounded-md bg-white"
            />
            <CopyField
              label="Your USDT (TRC-20) deposit address"
              value={wallet.address}
              what="Address"
              valueSlot="deposit-address"
              announce
            />
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
