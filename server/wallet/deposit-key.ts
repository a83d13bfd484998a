import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { HDKey } from "@scure/bip32";
import { getConfig } from "../config.ts";
import { getLogger } from "../lib/logger.ts";
import { singleton } from "../lib/singleton.ts";

/** Where the development key lives, inside DATA_DIR. */
export const DEV_KEY_FILE = "tron-dev-key.json";
/** BIP44 account path for TRON (coin type 195); TRON_XPUB must be the key at this path. */
const ACCOUNT_PATH = "m/44'/195'/0'";

type DevKeyFile = { warning: string; seedHex: string; accountXpub: string };

export type DevKey = {
  /** The account extended public key (m/44'/195'/0') deposit addresses derive from. */
  accountXpub: string;
  /** Absolute path of the key file. */
  file: string;
  /** True when this call generated the key; false when it was already on disk. */
  created: boolean;
};

/**
 * The account xpub every deposit address derives from.
 *
 * With TRON_XPUB set (production), that key: the operator keeps the seed in their own wallet
 * and this server never sees a private key. Without it (local development), a key generated
 * once into DATA_DIR, with a loud warning, because whoever reads that file can spend whatever
 * was sent to its addresses.
 */
export function getDepositXpub(): string {
  return singleton("tron-deposit-xpub", () => {
    const config = getConfig();
    if (config.tron.xpub) return config.tron.xpub;
    // parseConfig already refuses this; checked again where the key is chosen, so no other way
    // of building a configuration can put production deposits on a key stored in DATA_DIR.
    if (config.isProduction && !config.tron.allowDevKey) {
      throw new Error(
        "TRON_XPUB is required in production; set ALLOW_DEV_TRON_KEY=true to run on the development key on purpose.",
      );
    }
    const devKey = loadOrCreateDevKey(config.dataDir);
    getLogger().warn(
      { file: devKey.file, created: devKey.created, env: config.env },
      `TRON_XPUB is not set: deposit addresses come from a DEVELOPMENT key stored in ${devKey.file}. ` +
        "Funds sent to them are only as safe as that file. " +
        ("In production, set TRON_XPUB to the account xpub (m/44'/195'/0') of a wallet whose seed " +
          "is kept off this server."),
    );
    return devKey.accountXpub;
  });
}

/**
 * Reads DATA_DIR/tron-dev-key.json, or creates it (mode 0600) when absent.
 *
 * An existing file is never replaced, not even a damaged one: addresses may already have been
 * shown to members from it, and a new key would orphan any funds sent there. A damaged file
 * therefore stops the caller with an error naming the file.
 */
export function loadOrCreateDevKey(dataDir: string): DevKey {
  const file = path.join(path.resolve(dataDir), DEV_KEY_FILE);
  const existing = readDevKey(file);
  if (existing) return { accountXpub: existing, file, created: false };

  // 0700: DATA_DIR holds this seed and the other secrets (umask can only narrow it).
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // 32 bytes of OS randomness as the BIP32 master seed; no mnemonic is needed because nobody
  // is meant to restore this key into a wallet by hand (the seed is in the file for that).
  const seed = crypto.randomBytes(32);
  const accountXpub = HDKey.fromMasterSeed(seed).derive(ACCOUNT_PATH).publicExtendedKey;
  const content: DevKeyFile = {
    warning:
      "DEVELOPMENT ONLY. Anyone who can read this file can spend every deposit sent to this site's addresses. " +
      "In production set TRON_XPUB instead. Never delete this file while its addresses may hold funds.",
    seedHex: seed.toString("hex"),
    accountXpub,
  };

  if (writeFileIfAbsent(file, `${JSON.stringify(content, null, 2)}\n`)) {
    return { accountXpub, file, created: true };
  }
  // Another process created the file between our read and our write: its key wins, and ours
  // (never written, never used) is discarded.
  const winner = readDevKey(file);
  if (!winner) throw new Error(`${file} vanished while it was being created.`);
  return { accountXpub: winner, file, created: false };
}

/** The account xpub stored in the file, undefined when there is no file; throws when it is damaged. */
function readDevKey(file: string): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const damaged = (why: string) =>
    new Error(
      `The development deposit key ${file} is damaged (${why}). It is not replaced automatically because ` +
        "addresses may already have been handed out from it; restore it from a backup, or move it aside " +
        "if you are sure no funds were ever sent to its addresses.",
    );
  let parsed: Partial<DevKeyFile>;
  try {
    parsed = JSON.parse(text) as Partial<DevKeyFile>;
  } catch {
    throw damaged("not valid JSON");
  }
  if (typeof parsed.seedHex !== "string" || !/^(?:[0-9a-f]{2}){16,64}$/.test(parsed.seedHex)) {
    throw damaged("no valid seedHex");
  }
  // The xpub is recomputed from the seed rather than trusted, so a hand-edited accountXpub can
  // never send members to addresses this seed cannot spend.
  const accountXpub = HDKey.fromMasterSeed(Buffer.from(parsed.seedHex, "hex")).derive(ACCOUNT_PATH).publicExtendedKey;
  if (parsed.accountXpub !== accountXpub) throw damaged("accountXpub does not match seedHex");
  return accountXpub;
}

/**
 * Writes `text` to `file` only if `file` does not exist, atomically: readers see either no
 * file or the whole file, never a partial one. The content goes to a private temp file first,
 * is flushed to disk, then hard-linked into place. Unlike rename, link fails when the target
 * exists, so two processes starting at once cannot overwrite each other's key.
 * Returns false when the file already existed.
 */
function writeFileIfAbsent(file: string, text: string): boolean {
  const temp = `${file}.${process.pid}.${crypto.randomBytes(6).toString("hex")}.tmp`;
  // "wx": never follow or reuse an existing path; 0600: owner only (umask can only narrow it).
  const fd = fs.openSync(temp, "wx", 0o600);
  try {
    try {
      fs.writeFileSync(fd, text);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    try {
      fs.linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
      throw error;
    }
    syncDirectory(path.dirname(file));
    return true;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/** Makes the new directory entry durable; best effort (not every platform can fsync a directory). */
function syncDirectory(dir: string) {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, "r");
    fs.fsyncSync(fd);
  } catch {
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
