import express, { type NextFunction, type Request, type Response } from "express";
import { z } from "zod";
import { microToDecimal } from "~/lib/money";
import { adjustBalance } from "../billing/adjust-balance.ts";
import { runRenewals } from "../billing/renew-subscriptions.ts";
import { getDb } from "../db/client.ts";
import { isAppError } from "../lib/errors.ts";
import { getLogger } from "../lib/logger.ts";
import { reconcileTelegramAccess } from "../telegram/reconcile-telegram-access.ts";
import { getTelegramBot } from "../telegram/telegram-bot.ts";
import { rescanDeposits } from "../wallet/rescan-deposits.ts";
import { getMemberBalance } from "./member-balance.ts";
import { isValidOpsToken } from "./ops-token.ts";
import { signedAmount } from "./signed-amount.ts";

const creditSchema = z.object({
  email: z.string().trim().min(3, "email is required"),
  amount: z.string().trim().min(1, "amount is required"),
  reference: z.string().trim().min(1, "reference is required").max(200),
  reason: z.string().trim().max(500).default(""),
  actor: z.string().trim().max(100).default("operator"),
});
const rescanSchema = z.object({ from: z.iso.datetime({ offset: true, message: "from must be an ISO date-time" }) });

/**
 * The operator API (`/api/ops/*`): what the ops commands call while the server holds the
 * embedded database, and what an admin console will use. Every call needs the bearer token.
 */
export function opsRouter(token: () => string) {
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
    const body = creditSchema.parse(req.body ?? {});
    const amount = signedAmount(body.amount);
    const result = await adjustBalance({ db: getDb(), ...body, amount });
    getLogger().info({ ops: "credit", email: result.email, amount: body.amount, reference: body.reference, actor: body.actor, applied: result.applied }, "ops");
    res.json({ ...result, balance: microToDecimal(result.balance) });
  });

  router.get("/balance", async (req, res) => {
    const email = z.string().trim().min(3, "email is required").parse(req.query.email);
    res.json(await getMemberBalance({ db: getDb(), email }));
  });

  router.post("/rescan", async (req, res) => {
    const { from } = rescanSchema.parse(req.body ?? {});
    await rescanDeposits({ db: getDb(), from: new Date(from) });
    getLogger().info({ ops: "rescan", from }, "ops");
    res.json({ ok: true, from });
  });

  router.post("/renewals/run", async (_req, res) => {
    const result = await runRenewals({ db: getDb() });
    getLogger().info({ ops: "renewals", ...result }, "ops");
    res.json(result);
  });

  router.post("/telegram/reconcile", async (_req, res) => {
    const bot = getTelegramBot();
    if (!bot) {
      res.status(409).json({ error: "The Telegram bot is off: set TELEGRAM_BOT_TOKEN." });
      return;
    }
    const result = await reconcileTelegramAccess({ db: getDb(), bot });
    getLogger().info({ ops: "telegram-reconcile", ...result }, "ops");
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
