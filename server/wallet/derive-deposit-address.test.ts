import { pbkdf2 } from "@noble/hashes/pbkdf2.js";
import { sha512 } from "@noble/hashes/sha2.js";
import { HDKey } from "@scure/bip32";
import { describe, expect, it } from "vitest";
import { deriveDepositAddress } from "./derive-deposit-address.ts";
import { isTronAddress, tronAddressFromPublicKey } from "./tron-address.ts";

// Known vectors: the TRON addresses of this mnemonic (no passphrase) at m/44'/195'/0'/0/0 and /1,
// independent of this code. If they stop matching, members would be shown unspendable addresses.
const MNEMONIC = "cook voyage document eight skate token alien guide drink uncle term abuse";
const EXPECTED = ["TXngH8bVadn9ZWtKBgjKQcqN1GsZ7A1jcb", "TLeUMvxvtUmbCyHAzf3FKV7C2FxquGDWUj"];

/** BIP39 seed, without a mnemonic library: PBKDF2-HMAC-SHA512(NFKD mnemonic, "mnemonic" + passphrase, 2048, 64). */
function seedFromMnemonic(mnemonic: string, passphrase = "") {
  return pbkdf2(sha512, mnemonic.normalize("NFKD"), `mnemonic${passphrase}`.normalize("NFKD"), { c: 2048, dkLen: 64 });
}

const master = HDKey.fromMasterSeed(seedFromMnemonic(MNEMONIC));
const accountXpub = master.derive("m/44'/195'/0'").publicExtendedKey;

describe("deriveDepositAddress", () => {
  it("reproduces the known vectors from the private path of the seed", () => {
    EXPECTED.forEach((expected, index) => {
      const key = master.derive(`m/44'/195'/0'/0/${index}`);
      expect(tronAddressFromPublicKey(key.publicKey!)).toBe(expected);
    });
  });

  it("reproduces the known vectors from the account xpub alone", () => {
    expect(accountXpub.startsWith("xpub")).toBe(true);
    EXPECTED.forEach((expected, index) => {
      expect(deriveDepositAddress(accountXpub, index)).toBe(expected);
    });
  });

  it("gives distinct valid addresses for distinct indexes, the same one for the same index", () => {
    const addresses = Array.from({ length: 20 }, (_, index) => deriveDepositAddress(accountXpub, index));
    expect(new Set(addresses).size).toBe(20);
    expect(addresses.every(isTronAddress)).toBe(true);
    expect(deriveDepositAddress(accountXpub, 7)).toBe(addresses[7]);
  });

  it("accepts the largest non-hardened index", () => {
    const index = 2 ** 31 - 1;
    expect(deriveDepositAddress(accountXpub, index)).toBe(
      tronAddressFromPublicKey(master.derive(`m/44'/195'/0'/0/${index}`).publicKey!),
    );
  });

  it.each([
    [-1, "-1"],
    [1.5, "1.5"],
    [2 ** 31, "2147483648"],
    [Number.NaN, "NaN"],
    [Number.POSITIVE_INFINITY, "Infinity"],
  ])("refuses index %s with a message naming it", (index, shown) => {
    expect(() => deriveDepositAddress(accountXpub, index)).toThrow(
      new RangeError(`A deposit index is an integer from 0 to 2^31 - 1 (got ${shown}).`),
    );
    expect(() => deriveDepositAddress(accountXpub, index)).toThrow(RangeError);
  });

  it("refuses a private key and keys at another depth", () => {
    expect(() => deriveDepositAddress(master.derive("m/44'/195'/0'").privateExtendedKey, 0)).toThrow(/public key/);
    expect(() => deriveDepositAddress(master.publicExtendedKey, 0)).toThrow(/depth 3, got depth 0/);
    expect(() => deriveDepositAddress(master.derive("m/44'/195'/0'/0").publicExtendedKey, 0)).toThrow(/depth 4/);
    expect(() => deriveDepositAddress("xpub-not-a-key", 0)).toThrow();
  });
});
