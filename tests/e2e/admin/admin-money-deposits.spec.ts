import crypto from "node:crypto";
import { formatTimestamp } from "~/lib/dates";
import { fakeBlockTime, randomTronAddress, transferEvent } from "../../helpers/fake-trongrid";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { waitForHydration } from "../support/member";
import { expectNoSidewaysScroll } from "../support/sideways";
import { signUpStaff } from "../support/staff";

// The server's deposit watcher polls a TronGrid stand-in every second. A block in the future
// is refused by the server (400): the browser logs that answer.
test.use({ tronGrid: true, expectedConsoleErrors: [/status of 400 .*\/admin\/money\/deposits/] });

const OTHER_TOKEN = "TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj";

test("an operator sees what the watcher credited and what it did not, and rescans from a block", async ({
  page,
  app,
  context,
}) => {
  const tag = crypto.randomBytes(3).toString("hex");
  const { schema, getDatabase } = app.testing;
  const { db } = getDatabase();
  const member = { id: crypto.randomUUID(), email: `depositor-${tag}@money.test`, wallet: randomTronAddress() };
  await db.insert(schema.user).values({ id: member.id, email: member.email, name: "Depositor" });
  await db
    .insert(schema.profiles)
    .values({ id: member.id, firstName: "Dee", lastName: "Positor", walletAddress: member.wallet });
  // Within the watcher's first window (it starts 10 minutes back).
  const at = Date.now() - 60_000;
  const deposit = transferEvent({ to: member.wallet, value: 12_500_000n, blockTimestamp: at });
  const otherToken = transferEvent({ to: member.wallet, value: 9n, blockTimestamp: at + 3000, contract: OTHER_TOKEN });
  app.tronGrid!.addEvents(deposit, otherToken);

  await signUpStaff(app, context, "admin");
  await page.goto("/admin/money");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Money pages" }).getByRole("link", { name: "Deposits" }).click();
  await expect(page.getByRole("heading", { name: "Deposit watcher" })).toBeVisible();

  // The watcher polls every second; the page shows what it found once reloaded.
  const credited = page.getByRole("table", { name: "Credited deposits" }).getByRole("row", { name: member.email });
  const uncredited = page
    .getByRole("table", { name: "Transfers not credited" })
    .getByRole("row", { name: member.email });
  await expect(async () => {
    await page.reload();
    await expect(credited).toBeVisible({ timeout: 1000 });
    await expect(uncredited).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await waitForHydration(page);
  await expect(credited).toContainText("$12.50 USDT");
  await expect(credited.getByRole("link", { name: new RegExp(deposit.transaction_id.slice(0, 10)) })).toHaveAttribute(
    "href",
    new RegExp(`${deposit.transaction_id}$`),
  );
  await expect(uncredited).toContainText("Another token");
  await expect(uncredited).toContainText(OTHER_TOKEN);
  await expect(page.getByRole("region", { name: "Deposit watcher" })).toContainText("Polling");
  await expectAccessible(page, "Deposits");

  // Bad input is refused with the reason: by the form, and by the server for a block not made yet.
  const from = page.getByLabel("Block number or date and time (UTC)");
  await from.fill("yesterday");
  await page.getByRole("button", { name: "Rescan", exact: true }).click();
  // Beside the field (the refusal's toast repeats the text as its description).
  await expect(page.locator("#rescan-from-error")).toHaveText(
    "Give a block number (digits only) or a date and time such as 2026-11-01 14:30 (UTC).",
  );
  const future = Math.ceil((Date.now() + 86_400_000) / 3000);
  await from.fill(String(future));
  await page.getByRole("button", { name: "Rescan", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Rescan" }).click();
  await expect(page.locator("#rescan-from-error")).toHaveText(`Block ${future} is not on the chain yet.`);

  const block = Math.floor((Date.now() - 3_600_000) / 3000);
  await from.fill(String(block));
  await page.getByRole("button", { name: "Rescan", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`block ${block.toLocaleString("en-US")}`);
  await dialog.getByRole("button", { name: "Rescan" }).click();
  await expect(page.getByText("Rescan started")).toBeVisible();
  const history = page.getByRole("region", { name: "Watcher history" });
  const when = formatTimestamp(new Date(fakeBlockTime(block)));
  await expect(history).toContainText(`Rescan of deposits from block ${block} (${when})`);
  await expect(page.getByRole("region", { name: "Deposit watcher" })).toContainText(/reads from|behind now/);

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(credited).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, "Deposits on a phone");
});
