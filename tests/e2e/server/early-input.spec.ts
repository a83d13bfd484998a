import { expect, test } from "@playwright/test";
import { EARLY_INPUT_SCRIPT } from "../../../app/lib/early-input";

// The inline script every page starts with, on its own: React's taking over a field is played by
// hand (the key React puts on an element it has rendered), so the moments that race on a real
// page (typing while React renders the field, before the script's next look) happen in a fixed
// order here.
test.describe("the early input script", () => {
  test.beforeEach(async ({ page }) => {
    await page.setContent(`<label>Email <input id="f"></label><script>${EARLY_INPUT_SCRIPT}</script>`);
    // Stands in for React: the values its "input" listener is handed by the script.
    await page.evaluate(() => {
      const w = window as unknown as { played: string[]; typing?: boolean };
      w.played = [];
      document.getElementById("f")!.addEventListener("input", (event) => {
        if (!event.isTrusted && !w.typing) w.played.push((event.target as HTMLInputElement).value);
      });
    });
  });

  test("hands React what was typed before it had the field", async ({ page }) => {
    await page.getByLabel("Email").pressSequentially("early@");
    await page.evaluate(() => Object.assign(document.getElementById("f")!, { __reactFiber$test: {} }));
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { played: string[] }).played))
      .toEqual(["early@"]);
  });

  test("keys typed after React has the field but before the value is played are not overwritten", async ({ page }) => {
    await page.getByLabel("Email").pressSequentially("early@");
    // In one task, so the script cannot look in between: React renders the field, then two more
    // keys arrive.
    await page.evaluate(() => {
      const w = window as unknown as { typing?: boolean };
      const field = document.getElementById("f") as HTMLInputElement;
      Object.assign(field, { __reactFiber$test: {} });
      w.typing = true;
      for (const key of "ex") {
        field.value += key;
        field.dispatchEvent(new InputEvent("input", { bubbles: true, data: key, inputType: "insertText" }));
      }
      w.typing = false;
    });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { played: string[] }).played))
      .toEqual(["early@ex"]);
    await expect(page.getByLabel("Email")).toHaveValue("early@ex");
  });
});
