import { expect, test } from "@playwright/test";
import { pageDoubledNames } from "../support/accessible-names";

// The check every page's accessibility scan runs (expectAccessible), tried on markup made to break
// it and on markup that keeps it, with the browser computing the names.
test.describe("one name per control", () => {
  test("a form named for its field, and a group called what its field is, are found", async ({ page }) => {
    await page.setContent(`
      <div role="dialog" aria-label="Fix the Telegram username">
        <form aria-label="Fix the Telegram username">
          <label for="t">Telegram username</label><input id="t">
        </form>
      </div>
      <div role="group" aria-label="Reply">
        <label>Reply <textarea></textarea></label>
      </div>
      <form aria-label="Change the status">
        <label for="s">Status</label><select id="s"><option>Open</option></select>
      </form>
      <form aria-label="Search and filter members">
        <label for="q">Search</label><input id="q" type="search">
      </form>`);
    expect(await pageDoubledNames(page)).toEqual([
      'form "fix the telegram username" around textbox "telegram username"',
      'group "reply" around textbox "reply"',
      'form "change the status" around combobox "status"',
      'form "search and filter members" around searchbox "search"',
    ]);
  });

  test("a dialog titled for its purpose around an unnamed form, forms with names of their own, and a field's name inside another word, pass", async ({
    page,
  }) => {
    await page.setContent(`
      <div role="dialog" aria-labelledby="title">
        <h2 id="title">Fix the Telegram username</h2>
        <form>
          <label for="t">Telegram username</label><input id="t" value="@vera">
          <button>Save and reset verification</button>
        </form>
      </div>
      <form aria-label="Ban this member">
        <label for="r">Reason</label><textarea id="r"></textarea><button>Ban member</button>
      </form>
      <div role="group" aria-label="MRR"><button>How MRR is counted</button></div>
      <form role="search" aria-label="Messages"><label for="q">Search</label><input id="q" type="search"></form>
      <form aria-label="Stop the sweep"><label for="to">To</label><input id="to" type="date"></form>`);
    expect(await pageDoubledNames(page)).toEqual([]);
  });
});
