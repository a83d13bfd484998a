import type { DepositWallet } from "~/lib/view-types/member";
import type { DbOrTx } from "../db/client.ts";
import { getLogger } from "../lib/logger.ts";
import { generateWallet } from "../wallet/generate-wallet.ts";
import { qrImage } from "./qr/qr-svg.ts";

/**
 * The deposit dialog's address and its QR code. A member whose address was not made at
 * sign-up (a generate-wallet failure is only logged) gets it now; if that fails
 * again the dialog says so instead of breaking the dashboard.
 */
export async function getDepositWallet(options: {
  db: DbOrTx;
  userId: string;
  address: string | null;
}): Promise<DepositWallet | null> {
  const { db, userId } = options;
  let address = options.address;
  if (!address) {
    try {
      address = (await generateWallet({ db, profileId: userId })).address;
    } catch (error) {
      getLogger().error({ err: error, profile: userId }, "dashboard: deposit wallet could not be generated");
      return null;
    }
  }
  return { address, qr: qrImage(address) };
}
