import fs from "node:fs";
import path from "node:path";
import { StartRefusedError } from "./lib/errors.ts";
import { DEV_KEY_FILE } from "./wallet/deposit-key.ts";

/**
 * The files in DATA_DIR that hold secrets: the session signing key, the operator API token and
 * the development deposit key (its seed spends every deposit sent to its addresses).
 */
export const DATA_DIR_SECRET_FILES = ["auth-secret", "ops-token", DEV_KEY_FILE] as const;

type WarnLog = { warn: (details: object, message: string) => void };

/**
 * Checked at start-up: every secret file in DATA_DIR is owner-only (0600). We create them so,
 * but a restore from a backup, a copy with `cp`, or a hand-made file usually lands as 0644,
 * readable by every user of the machine. Such a file is tightened to 0600 with a warning (the
 * secret may already have been read: rotate it if other users are not trusted). A file we
 * cannot tighten stops the start with the command that fixes it. DATA_DIR itself is created
 * 0700; an existing wider one is only reported (it may be a mount point set up on purpose,
 * and the secrets inside are tightened regardless).
 */
export function checkDataDirPermissions(options: { dataDir: string; log: WarnLog }): void {
  // POSIX modes mean nothing on Windows (access there is by ACL).
  if (process.platform === "win32") return;
  const dirMode = modeOf(options.dataDir);
  if (dirMode === undefined) return;
  if (dirMode & 0o077) {
    options.log.warn(
      { dataDir: options.dataDir, mode: octal(dirMode) },
      `DATA_DIR ${options.dataDir} is open to other users of this machine (mode ${octal(dirMode)}); it holds the database: chmod 700 it`,
    );
  }
  for (const name of DATA_DIR_SECRET_FILES) {
    const file = path.join(options.dataDir, name);
    const mode = modeOf(file, { regularFileOnly: true });
    if (mode === undefined || (mode & 0o077) === 0) continue;
    options.log.warn(
      { file, mode: octal(mode) },
      `secret file ${file} was readable by other users (mode ${octal(mode)}); its mode is now 0600. Rotate the secret if other users of this machine are not trusted`,
    );
    try {
      fs.chmodSync(file, 0o600);
    } catch (error) {
      throw new StartRefusedError(
        `Secret file ${file} is readable by other users (mode ${octal(mode)}) and could not be made private (${(error as Error).message}): run chmod 600 ${file}`,
        { cause: error },
      );
    }
  }
}

/** Permission bits of a path; undefined when it does not exist (or is not a regular file, when asked). */
function modeOf(file: string, options: { regularFileOnly?: boolean } = {}): number | undefined {
  let stat: fs.Stats;
  try {
    // For files, lstat: a symbolic link in place of a secret is not followed to tighten some
    // other file. DATA_DIR itself may well be a link to a mounted volume: followed.
    stat = options.regularFileOnly ? fs.lstatSync(file) : fs.statSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  if (options.regularFileOnly && !stat.isFile()) return undefined;
  return stat.mode & 0o777;
}

function octal(mode: number) {
  return `0${mode.toString(8).padStart(3, "0")}`;
}
