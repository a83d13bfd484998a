import express, { type NextFunction, type Request, type Response } from "express";
import { z } from "zod";
import { microToDecimal } from "~/lib/money";
import { plural } from "~/lib/plural";
import { STAFF_ROLES } from "~/lib/staff-roles";
import { adjustBalance } from "../billing/adjust-balance.ts";
import { runRecordedReconcile } from "../billing/reconcile-ledger.ts";
import { runRenewalsAndSweep } from "../billing/run-renewals-and-sweep.ts";
import { getDb, type Db } from "../db/client.ts";
import { isAppError } from "../lib/errors.ts";
import { getLogger } from "../lib/logger.ts";
import { completeCoveredOrder } from "../orders/complete-covered-order.ts";
import { rescanDepositWatcher } from "../staff/money/rescan-deposit-watcher.ts";
import { setStaffRole } from "../staff/staff/set-staff-role.ts";
import { reconcileTelegramAccess } from "../telegram/reconcile-telegram-access.ts";
import { getTelegramBot } from "../telegram/telegram-bot.ts";
import { getMemberBalance } from "./member-balance.ts";
import { isValidOpsToken } from "./ops-token.ts";
import { signedAmount } from "./signed-amount.ts";

const ACTOR_REFUSED =
  "actor is no longer accepted: the ledger records the authenticated operator (the ops " +
  "token, or the OS user and host of a CLI that opens the database itself).";

const creditSchema = z.object({
  email: z.string().trim().min(3, "email is required"),
  amount: z.string().trim().min(1, "amount is required"),
  reference: z.string().trim().min(1, "reference is required").max(200),
  reason: z.string().trim().max(500).default(""),
  // Who credits is the authenticated credential, never a name in the body.
  actor: z.undefined({ message: ACTOR_REFUSED }).optional(),
});
const staffSchema = z.object({
  email: z.string().trim().min(3, "email is required"),
  role: z.enum(STAFF_ROLES, { message: "role must be owner, admin, editor or support" }),
});
const rescanSchema = z
  .object({
    from: z.iso.datetime({ offset: true, message: "from must be an ISO date-time" }).optional(),
    block: z.number({ message: "block must be a block number" }).int().min(0).max(1e12).optional(),
  })
  .refine((body) => (body.from === undefined) !== (body.block === undefined), "give from or block, not both");

/** The actor recorded for calls authenticated by the bearer token. */
export const OPS_TOKEN_ACTOR = "ops-token";

/**
 * What `renewals --run-now` says of the chats, by whether this process has the bot. Without it,
 * the server's every-minute sweep finds the subscriptions this run ended, but not the members it
 * moved to a smaller plan (their subscription stays active): the daily Telegram check (or a
 * server's start) removes those from the chats only their old plan had.
 */
function renewalsMessage(options: {
  ended: number;
  planChanges: number;
  removal: { removed: number; failed: number } | undefined;
  standalone: boolean;
}) {
  const { ended, removal } = options;
  const head = `ended ${plural(ended, "subscription")}`;
  if (removal) {
    const failed =
      removal.failed > 0
        ? `; ${plural(removal.failed, "removal")} failed: the server's renewal job retries them (see /admin/money/renewals)`
        : "";
    return `${head}; removed ${plural(removal.removed, "member")} from the paid chats${failed}`;
  }
  if (options.standalone) {
    const moved =
      options.planChanges > 0
        ? `; ${plural(options.planChanges, "member")} had a smaller plan due: the server's daily Telegram check removes them from the chats only their old plan had`
        : "";
    return `${head}; the server's renewal job removes their members from the paid chats within a minute while it runs (TELEGRAM_BOT_TOKEN is not set here)${moved}`;
  }
  return `${head}; the Telegram bot is off (TELEGRAM_BOT_TOKEN is not set), so no one is removed from chats`;
}

/**
 * The operator API (`/api/ops/*`): what the ops commands call while the server holds the
 * embedded database, and what an admin console will use. Every call needs the bearer token;
 * what it changes is recorded as done by `actor` (the token's name by default; the ops CLI,
 * serving itself on a private port, passes its OS user and host). `getDb` is for tests.
 */
export function opsRouter(
  token: () => string,
  options: {
    actor?: string;
    getDb?: () => Db;
    /** Served by the ops CLI for itself (no server and its jobs in this process). */
    standalone?: boolean;
  } = {},
) {
  const actor = options.actor ?? OPS_TOKEN_ACTOR;
  const db = options.getDb ?? getDb;
  const router = express.Router();
  router.use(express.json({ limit: "16kb" }));
  router.use((req, res, next) => {
    const header = req.get("authorization") ?? "";
    const presented = header.startsWith("Bearer ") ? header.slice(7) : undefined;
    if (!isValidOpsToken(presented, token())) {
      res.status(401).set("WWW-Authenticate", "Bearer").json({ error: "A valid operator token is required." });
      return;
    }
    next();
  });

  router.post("/credit", async (req, res) => {
    const { actor: _refused, ...body } = creditSchema.parse(req.body ?? {});
    const amount = signedAmount(body.amount);
    const result = await adjustBalance({ db: db(), ...body, amount, actor });
    // An operator's credit completes the member's pending order like any other credit.
    const order = result.credit
      ? await completeCoveredOrder({ db: db(), userId: result.userId, credit: result.credit })
      : undefined;
    getLogger().info(
      {
        ops: "credit",
        email: result.email,
        amount: body.amount,
        reference: body.reference,
        actor,
        applied: result.applied,
        order: order?.status,
      },
      "ops",
    );
    const balance = order?.status === "paid" ? BigInt(order.newBalance) : result.balance;
    res.json({
      ...result,
      balance: microToDecimal(balance),
      ...(order?.status === "paid" ? { orderPaid: order.orderId } : {}),
    });
  });

  // The first owner is made here: `npm run ops -- staff add --email … --role owner`.
  router.post("/staff", async (req, res) => {
    const body = staffSchema.parse(req.body ?? {});
    const result = await setStaffRole({
      db: db(),
      email: body.email,
      role: body.role,
      actor: { userId: null, label: actor, role: "operator" },
    });
    getLogger().info({ ops: "staff", email: result.email, role: result.role, changed: result.changed, actor }, "ops");
    res.json(result);
  });

  router.get("/balance", async (req, res) => {
    const email = z.string().trim().min(3, "email is required").parse(req.query.email);
    res.json(await getMemberBalance({ db: db(), email }));
  });

  router.post("/rescan", async (req, res) => {
    const body = rescanSchema.parse(req.body ?? {});
    // The same audited rescan as the back office's deposits page.
    const result = await rescanDepositWatcher({
      db: db(),
      actor: { userId: null, label: actor, role: "operator" },
      from: body.block === undefined ? { at: new Date(body.from!) } : { block: body.block },
    });
    const from = result.from.toISOString();
    getLogger().info({ ops: "rescan", from, block: result.block, actor }, "ops");
    res.json({ ok: true, from, block: result.block });
  });

  // Ended subscriptions, and members a renewal moved to a smaller plan, lose their chats here
  // when this process has the bot, as in the server's renewal job (runRenewalsAndSweep);
  // otherwise the message says who removes them, and when.
  router.post("/renewals/run", async (_req, res) => {
    const startedAt = new Date();
    const bot = getTelegramBot();
    const standalone = options.standalone === true;
    const swept = await runRenewalsAndSweep({
      db: db(),
      bot,
      now: startedAt,
      endedSince: startedAt,
      countPlanChanges: standalone,
    });
    if (!swept.ok) throw swept.failure;
    const result = swept.settled;
    const removal = bot ? swept.removal : undefined;
    const ended = result.expired + result.failed;
    const message = renewalsMessage({ ended, planChanges: swept.planChanges, removal, standalone });
    getLogger().info({ ops: "renewals", ...result, ...removal, actor }, "ops");
    res.json({
      ...result,
      ...(removal ? { removedFromChats: removal.removed, chatRemovalsFailed: removal.failed } : {}),
      message,
    });
  });

  // Recorded in job_runs like the hourly check, so the back office's reconciliation page shows
  // an operator's run as the last check, with who ran it.
  router.post("/reconcile", async (_req, res) => {
    const result = await runRecordedReconcile({ db: db(), source: `ops:${actor}` });
    getLogger().info({ ops: "reconcile", checked: result.checked, mismatches: result.mismatches.length, actor }, "ops");
    res.json(result);
  });

  router.post("/telegram/reconcile", async (_req, res) => {
    const bot = getTelegramBot();
    if (!bot) {
      res.status(409).json({
        error: options.standalone
          ? "The Telegram bot is off here: set TELEGRAM_BOT_TOKEN (the bot's token, as the server has " +
            "it) to reconcile from this machine. The server reconciles once a day by itself."
          : "The Telegram bot is off: set TELEGRAM_BOT_TOKEN.",
      });
      return;
    }
    const result = await reconcileTelegramAccess({ db: db(), bot });
    getLogger().info({ ops: "telegram-reconcile", ...result, actor }, "ops");
    res.json(result);
  });

  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (error instanceof z.ZodError) {
      res.status(400).json({ error: error.issues[0]?.message ?? "Invalid input" });
    } else if (isAppError(error)) {
      res.status(error.status).json({ error: error.message });
    } else if ((error as { type?: string }).type === "entity.parse.failed") {
      res.status(400).json({ error: "The request body must be JSON." });
    } else {
      getLogger().error({ err: error }, "ops API error");
      res.status(500).json({ error: "Internal error" });
    }
  });
  return router;
}
