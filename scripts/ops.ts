// `npm run ops -- <command>`: operator commands. While a server holds the embedded database
// they go through its operator API; otherwise (no server, or PostgreSQL) they open the
// database themselves. See docs/operations.md.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, getConfig } from "../server/config.ts";
import { readServerInfo } from "../server/ops/server-info.ts";

const usage = `Usage: npm run ops -- <command> [options]
  credit   --email <address> --amount <USDT, e.g. 25.5 or -3> --reference <unique id> [--reason <text>]
  balance  --email <address>
  staff add --email <address> --role <owner|admin|editor|support>   (the account must exist, its email verified)
  reconcile          (balance = sum of ledger for every member; exit code 2 on a difference)
  rescan   --from <ISO date-time> | --block <block number>
  renewals --run-now
  telegram-reconcile
  portal-link --telegram-id <number> [--first-name <name>] [--username <name>]
                     (prints the Telegram portal's address with init data signed by TELEGRAM_BOT_TOKEN,
                      to open the portal in a desktop browser as that Telegram account; one use, 10 minutes)`;

type Call = { method: "GET" | "POST"; path: string; body?: Record<string, unknown> };

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function buildCall(argv: string[]): Call {
  const [command, ...rest] = argv;
  // `staff add …`: the sub-command comes before the options.
  const sub = command === "staff" ? rest.shift() : undefined;
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: "string" },
      amount: { type: "string" },
      reference: { type: "string" },
      reason: { type: "string" },
      actor: { type: "string" },
      from: { type: "string" },
      block: { type: "string" },
      role: { type: "string" },
      "run-now": { type: "boolean" },
    },
    allowNegative: false,
    strict: true,
  });
  const need = (name: keyof typeof values) =>
    (values[name] as string | undefined) ?? fail(`Error: missing --${name}.\n${usage}`);
  switch (command) {
    case "credit":
      // The ledger names the authenticated operator (the server's token, or this machine's OS
      // user when the command opens the database itself), never a typed name.
      if (values.actor !== undefined)
        fail(
          "Error: --actor is no longer accepted: the ledger records the authenticated operator (the " +
            "ops token through a server, else your OS user and host).",
        );
      return {
        method: "POST",
        path: "/api/ops/credit",
        body: {
          email: need("email"),
          amount: need("amount"),
          reference: need("reference"),
          reason: values.reason ?? "",
        },
      };
    case "staff": {
      if (sub !== "add") fail(`Error: staff takes "add".\n${usage}`);
      return { method: "POST", path: "/api/ops/staff", body: { email: need("email"), role: need("role") } };
    }
    case "balance":
      return { method: "GET", path: `/api/ops/balance?email=${encodeURIComponent(need("email"))}` };
    case "rescan": {
      if (values.block !== undefined) {
        if (values.from !== undefined) fail("Error: give --from or --block, not both.");
        if (!/^\d{1,12}$/.test(values.block)) fail(`Error: invalid --block "${values.block}": use a block number`);
        return { method: "POST", path: "/api/ops/rescan", body: { block: Number(values.block) } };
      }
      const from = need("from");
      if (Number.isNaN(Date.parse(from)))
        fail(`Error: invalid --from "${from}": use an ISO date-time such as 2026-11-01T00:00:00Z`);
      return { method: "POST", path: "/api/ops/rescan", body: { from: new Date(from).toISOString() } };
    }
    case "renewals":
      if (!values["run-now"]) fail(`Error: renewals needs --run-now.\n${usage}`);
      return { method: "POST", path: "/api/ops/renewals/run" };
    case "reconcile":
      return { method: "POST", path: "/api/ops/reconcile" };
    case "telegram-reconcile":
      return { method: "POST", path: "/api/ops/telegram/reconcile" };
    default:
      fail(usage);
  }
}

/** `where`: said after a refusal, so an operator knows which database was asked. */
async function viaServer(url: string, token: string, call: Call, where = "") {
  const response = await fetch(`${url}${call.path}`, {
    method: call.method,
    headers: { authorization: `Bearer ${token}`, ...(call.body ? { "content-type": "application/json" } : {}) },
    body: call.body ? JSON.stringify(call.body) : undefined,
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) fail(`Error: ${String(body.error ?? response.statusText)}${where}`);
  return body;
}

/**
 * No server holds the database: serve the operator API in-process on a private port, behind a
 * one-time token, and call it the same way. What it changes is recorded as done by this OS
 * user on this machine (no server vouches for anyone here).
 */
async function inProcess(call: Call, where: string) {
  const { default: express } = await import("express");
  const { getDatabase } = await import("../server/db/client.ts");
  const { migrateDatabase } = await import("../server/db/migrate.ts");
  const { opsRouter } = await import("../server/ops/router.ts");
  const { cliActor } = await import("../server/ops/cli-actor.ts");
  const database = getDatabase();
  await migrateDatabase({ database });
  const token = crypto.randomBytes(32).toString("base64url");
  const app = express().use(
    "/api/ops",
    opsRouter(() => token, { actor: cliActor(), standalone: true }),
  );
  const server = await new Promise<import("node:http").Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const { port } = server.address() as import("node:net").AddressInfo;
  try {
    return await viaServer(`http://127.0.0.1:${port}`, token, call, where);
  } finally {
    server.close();
    await database.close();
  }
}

async function main() {
  let config;
  try {
    config = getConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  if (process.argv[2] === "portal-link") return printPortalLink(config, process.argv.slice(3));
  const call = buildCall(process.argv.slice(2));
  const remote = process.env.OPS_URL ?? (config.databaseUrl ? undefined : readServerInfo(config.dataDir)?.url);
  let result;
  if (remote) {
    const token =
      config.opsToken ??
      readTokenFile(config.dataDir) ??
      fail("No operator token: set OPS_TOKEN (the server's) to reach it.");
    result = await viaServer(remote, token, call);
  } else {
    // No server was found holding the embedded database: an operator who ran this beside a
    // running server with another DATA_DIR would otherwise read "no account" as the truth.
    const where = config.databaseUrl
      ? " (asked the PostgreSQL database of DATABASE_URL directly)"
      : ` (asked the embedded database in ${path.resolve(config.dataDir)} directly: no server holds it; ` +
        "set DATA_DIR to the running server's, or OPS_URL)";
    result = await inProcess(call, where);
  }
  console.log(JSON.stringify(result, null, 2));
  // Lets cron or a monitor tell "ran and found a difference" from "ran, all well" (0) and "failed" (1).
  if (call.path === "/api/ops/reconcile" && result.consistent === false) process.exitCode = 2;
}

/** Signs init data here with the bot's token: no server or database is involved. */
async function printPortalLink(config: ReturnType<typeof getConfig>, args: string[]) {
  const { values } = parseArgs({
    args,
    options: { "telegram-id": { type: "string" }, "first-name": { type: "string" }, username: { type: "string" } },
    strict: true,
  });
  const token = config.telegram.token ?? fail("Error: TELEGRAM_BOT_TOKEN is not set: the link is signed with it.");
  const id = values["telegram-id"] ?? fail(`Error: missing --telegram-id.\n${usage}`);
  if (!/^[1-9]\d{0,15}$/.test(id)) fail(`Error: invalid --telegram-id "${id}": use a Telegram user id`);
  const { signPortalLink } = await import("../server/portal/sign-portal-link.ts");
  const { getPublicOrigin } = await import("../server/config.ts");
  console.log(
    signPortalLink({
      siteUrl: getPublicOrigin(),
      botToken: token,
      telegramUserId: Number(id),
      firstName: values["first-name"] ?? "Member",
      username: values.username,
    }),
  );
}

function readTokenFile(dataDir: string) {
  try {
    return fs.readFileSync(path.join(dataDir, "ops-token"), "utf8").trim();
  } catch {
    return undefined;
  }
}

main().catch((error: unknown) => fail(`Error: ${(error as Error).message}`));
