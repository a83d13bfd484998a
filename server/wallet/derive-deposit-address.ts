import { HDKey } from "@scure/bip32";
import { tronAddressFromPublicKey } from "./tron-address.ts";

/** Child indexes at or above 2^31 are hardened; they cannot be derived from a public key. */
const HARDENED_OFFSET = 0x80000000;
/** The account key is m/44'/195'/0' (BIP44, coin type 195 = TRON). */
const ACCOUNT_DEPTH = 3;

/**
 * The deposit address of member `index`: m/44'/195'/0'/0/{index}, derived from the account
 * extended public key alone (the server never holds private keys). The operator's
 * wallet, restored from the matching seed, derives the same path and so can spend the funds.
 *
 * Deterministic by design: the same xpub and index always give the same address, which is what
 * lets the operator audit every address the site ever showed.
 */
export function deriveDepositAddress(xpub: string, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= HARDENED_OFFSET) {
    throw new RangeError(`A deposit index is an integer from 0 to 2^31 - 1 (got ${index}).`);
  }
  const account = HDKey.fromExtendedKey(xpub);
  // A key at another depth would still derive, silently, to addresses the operator's wallet
  // never looks at: funds sent there would be lost in practice. Refuse it instead.
  if (account.depth !== ACCOUNT_DEPTH) {
    throw new Error(`The deposit key must be the account key m/44'/195'/0' (depth 3, got depth ${account.depth}).`);
  }
  if (account.privateKey) {
    throw new Error("The deposit key must be an extended public key (xpub), never a private one.");
  }
  // External chain (0), then the member's index: both non-hardened, so public derivation works.
  const child = account.deriveChild(0).deriveChild(index);
  if (!child.publicKey) throw new Error("Derivation produced no public key.");
  return tronAddressFromPublicKey(child.publicKey);
}
