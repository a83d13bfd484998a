import type { DbOrTx } from "../db/client.ts";
import { AppError } from "../lib/errors.ts";
import { DEFAULT_CURSOR, setCursor } from "./deposit-cursor.ts";

/**
 * Ops `rescan --from`: moves the deposit watcher's cursor back to `from`, so its next polls
 * read every confirmed transfer since then again. Nothing is credited twice: each credit is
 * keyed by (transaction, event index). A poll running at that moment does not undo it (the
 * cursor only advances from the value that poll started at).
 */
export async function rescanDeposits(options: {
  db: DbOrTx;
  from: Date;
  cursorName?: string;
  now?: Date;
}): Promise<{ from: Date }> {
  const { db, from } = options;
  const at = from.getTime();
  if (!Number.isFinite(at)) throw new AppError("VALIDATION", "from must be a valid date-time.");
  if (at > (options.now ?? new Date()).getTime()) throw new AppError("VALIDATION", "from must not be in the future.");
  await setCursor({ db, name: options.cursorName ?? DEFAULT_CURSOR, value: Math.max(0, at) });
  return { from };
}
