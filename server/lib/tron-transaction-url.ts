import { getConfig } from "../config.ts";

/**
 * A TRON transaction's page on the explorer (TRON_EXPLORER_URL followed by the hash), for the
 * member's billing history and the back office alike. The hash is what the chain gave us (hex),
 * encoded anyway so a stored value can never change the link's shape.
 */
export function tronTransactionUrl(txId: string): string {
  return `${getConfig().tronExplorerUrl}${encodeURIComponent(txId)}`;
}
