import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { expect } from "@playwright/test";

/** The environment of this worker without what the fixtures or earlier tests set. */
export function cleanEnv(extra: Record<string, string>) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["NODE_ENV", "PUBLIC_URL", "ALLOW_DEV_TRON_KEY", "TRON_XPUB", "DATABASE_URL", "PORT", "DATA_DIR"])
    delete env[name];
  return { ...env, HOST: "127.0.0.1", LOG_LEVEL: "info", ...extra };
}

export type Instance = {
  name: string;
  url: string;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  /** How it ended ("exit code 1", "signal SIGKILL"), or undefined while it runs. */
  ended: () => string | undefined;
  /** Ends it (SIGKILL) unless it already ended. */
  kill: () => Promise<void>;
};

/** The production build (`node build/start.js`) in a process of its own, as a deployment runs it. */
export async function startInstance(options: {
  name: string;
  port: number;
  env: Record<string, string>;
}): Promise<Instance> {
  const child = spawn(process.execPath, [path.resolve("build/start.js")], {
    env: cleanEnv({ ...options.env, NODE_ENV: "production", PORT: String(options.port) }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let ended: string | undefined;
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      ended = signal ? `signal ${signal}` : `exit code ${code}`;
      resolve();
    }),
  );
  const instance: Instance = {
    name: options.name,
    url: `http://127.0.0.1:${options.port}`,
    child,
    output: () => output,
    ended: () => ended,
    kill: async () => {
      if (ended === undefined) child.kill("SIGKILL");
      await exited;
    },
  };
  await expect
    .poll(() => ended ?? output.includes('"msg":"server listening"'), {
      timeout: 90_000,
      message: `${options.name} starts`,
    })
    .toBe(true);
  return instance;
}

export type SignedInMember = { userId: string; cookie: string };

/**
 * Opens `count` accounts through the server's own sign-up code, each credited `balance`
 * micro-USDT by a ledger adjustment, in a process of its own on the instances' database and
 * secret (this worker's process may already hold another database): their session cookies work
 * on every instance.
 */
export async function createMembers(options: {
  env: Record<string, string>;
  count: number;
  balance: bigint;
}): Promise<SignedInMember[]> {
  const script = `
    const testing = await import(${JSON.stringify(path.resolve("build/testing.js"))});
    const { db } = testing.getDatabase();
    const members = [];
    for (let i = 0; i < ${options.count}; i++) {
      const tag = crypto.randomUUID().slice(0, 8);
      const clientIp = "10.77." + (i >> 8) + "." + ((i & 255) + 1);
      const { userId, headers } = await testing.signUpMember({
        db,
        input: { firstName: "Ada", lastName: "Restart", email: "restart-" + tag + "@example.com", password: "Analytical1", telegram: "ada_" + tag, acceptTerms: true, acceptRisk: true },
        clientIp,
        headers: new Headers({ "x-client-ip": clientIp }),
      });
      await testing.postLedgerEntry({ tx: db, userId, kind: "adjustment", amount: ${options.balance}n, reference: "restart-test:" + userId, memo: "test credit" });
      members.push({ userId, cookie: headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") });
    }
    await testing.getDatabase().close();
    process.stdout.write("MEMBERS " + JSON.stringify(members) + "\\n");
  `;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    env: cleanEnv({ ...options.env, NODE_ENV: "production", LOG_LEVEL: "warn", JOBS_ENABLED: "false" }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  const line = output.split("\n").find((l) => l.startsWith("MEMBERS "));
  if (code !== 0 || !line) throw new Error(`creating members failed (${code}): ${output}`);
  return JSON.parse(line.slice("MEMBERS ".length)) as SignedInMember[];
}
