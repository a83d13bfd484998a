import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../support/fixtures";
import { freePort } from "../support/free-port";
import { submitSignUp } from "../support/member";
import { cleanEnv } from "../support/production-instance";

// The README's "Try it in five minutes", step by step, as a newcomer does it: a bare start (no
// NODE_ENV, no database, no mail server, no wallet), sign-up from /pricing, the verification
// mail read from the dev outbox as a `.txt` file, a simulated deposit, and access shown. When the
// README's words change, this walk changes with them.

/** A bare start's environment: none of the worker's settings, and no mail, bot or card keys. */
function bareEnv(extra: Record<string, string>) {
  const env: NodeJS.ProcessEnv = cleanEnv(extra);
  for (const name of Object.keys(env)) if (/^(SMTP|TELEGRAM|STRIPE)_/.test(name)) delete env[name];
  return env;
}

/** The newest `.txt` in the outbox, as `ls -t data/outbox/*.txt | head -1` picks it. */
function newestOutboxText(dataDir: string): string | null {
  const dir = path.join(dataDir, "outbox");
  if (!fs.existsSync(dir)) return null;
  const texts = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".txt"))
    .map((f) => ({ f, at: fs.statSync(path.join(dir, f)).mtimeMs }))
    .sort((a, b) => b.at - a.at || b.f.localeCompare(a.f));
  return texts[0] ? fs.readFileSync(path.join(dir, texts[0].f), "utf8") : null;
}

test("the README's five-minute walk-through works as written on a bare start", async ({ page }) => {
  test.setTimeout(180_000);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "try-it-"));
  const child = spawn(process.execPath, ["build/start.js"], {
    env: bareEnv({ PORT: String(port), DATA_DIR: dataDir }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const site = `http://localhost:${port}`;
  try {
    // 1. Start: it logs `server listening`.
    await expect.poll(() => output.includes('"msg":"server listening"'), { timeout: 120_000 }).toBe(true);

    // 2. Sign up from /pricing: Add to cart, Next Step, the details, both boxes, Continue to Pay.
    await page.goto(`${site}/pricing`);
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem("cart"))).not.toBeNull();
    const plans = page.getByRole("list", { name: "Plans" }).getByRole("group");
    // The first card's accessible name, as a screen reader announces it.
    const planName = await plans.first().evaluate((card) => {
      const by = card.getAttribute("aria-labelledby");
      return (by ? document.getElementById(by)?.textContent : card.getAttribute("aria-label"))?.trim() ?? "";
    });
    expect(planName).not.toBe("");
    await plans.first().getByRole("button", { name: "Add to cart" }).click();
    await page.getByRole("button", { name: "Next Step" }).click();
    await expect(page).toHaveURL(/\/join\/details/);
    const email = `newcomer-${Date.now()}@example.com`;
    await submitSignUp(page, {
      firstName: "Nora",
      lastName: "Newcomer",
      email,
      password: "Trying1t",
      telegram: "nora_newcomer",
    });
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByRole("list", { name: "Plans in this order" })).toContainText(planName);

    // 3. The verification mail: the newest `.txt` of data/outbox, its Verify email link, the button.
    await expect.poll(() => newestOutboxText(dataDir) ?? "").toContain(email);
    const mail = newestOutboxText(dataDir)!;
    const link = /https?:\/\/\S+\/verify-email\S*/.exec(mail)?.[0];
    expect(link, `a verification link in:\n${mail}`).toBeTruthy();
    await page.goto(link!);
    await page.getByRole("button", { name: "Verify email" }).click();
    await expect(page.getByRole("heading", { name: "Email verified" })).toBeVisible();

    // 4. Top up: the balance button ($0.00 USDT), Simulate a deposit of 200.
    await page.goto(`${site}/dashboard`);
    const balance = page.locator('[data-slot="balance-button"]');
    await expect(balance).toHaveText("$0.00 USDT");
    await balance.click();
    const dialog = page.getByRole("dialog", { name: "Deposit Funds" });
    await dialog.getByLabel("Amount (USDT)").fill("200");
    await dialog.getByRole("button", { name: "Simulate a deposit" }).click();
    await expect(page.getByText("Simulated deposit credited")).toBeVisible();
    await page.keyboard.press("Escape");

    // 5. Buy: the balance covers the order, so it is paid at once; Subscriptions lists the plan.
    await expect
      .poll(
        async () => {
          await page.goto(`${site}/dashboard?section=subscriptions`);
          return page.getByRole("table", { name: "Your subscriptions" }).textContent();
        },
        { timeout: 60_000 },
      )
      .toContain(planName);

    // 6. See access: billing history shows the simulated deposit and the invoice; the receipt
    // is in the outbox.
    await page.goto(`${site}/dashboard?section=billing-history`);
    await expect(page.getByText(/simulated/i).first()).toBeVisible();
    await expect(page.getByRole("link", { name: /receipt/i }).first()).toBeVisible();
    // Mail leaves with the notification job's next round (every 15 s), later on a busy machine.
    await expect.poll(() => newestOutboxText(dataDir) ?? "", { timeout: 60_000 }).toMatch(/receipt/i);
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
