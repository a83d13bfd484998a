import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { pageDoubledNames } from "./accessible-names";

// Only the colour rules can judge a page differently once the colour scheme changes: the
// markup, names, roles and layout are the same.
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * The "serious" and "critical" axe-core findings (WCAG 2.x A/AA rules and best practices) on the
 * page as it is now; `coloursOnly` runs just the colour rules, for a second colour scheme.
 */
export async function blockingViolations(page: Page, options: { coloursOnly?: boolean; exclude?: string[] } = {}) {
  const builder = new AxeBuilder({ page });
  if (options.coloursOnly) builder.withRules(COLOUR_RULES);
  for (const selector of options.exclude ?? []) builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes
        .slice(0, 5)
        .map((n) => `${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1).join(" ").trim()}`),
    }));
}

/** Waits for finite CSS animations and transitions, so colours are measured as they end up. */
export async function settle(page: Page) {
  // A colour-scheme change reaches the styles at the next rendering step, and only then do the
  // transitions it starts show in getAnimations(): checking earlier measured a button halfway
  // between its light and dark colours. Two frames make sure that step has run.
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * No serious or critical axe finding on the page as it is, in the light and in the dark scheme, and
 * no field that shares its name with a form or group around it (axe has no rule for that).
 * `exclude` leaves parts out: a sandboxed frame, which axe cannot enter, is checked on its own.
 */
export async function expectAccessible(page: Page, name: string, options: { exclude?: string[] } = {}) {
  expect(await pageDoubledNames(page), `${name}: fields named twice`).toEqual([]);
  // Colours are judged as they end up, not on the way: a transition that starts after settle()
  // looked (a loaded machine renders the scheme change late) measured a button halfway between
  // its light and dark colours. With transitions off, the scheme's colours apply at once.
  const still = await page.addStyleTag({ content: "*,*::before,*::after{transition:none!important}" });
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
    await settle(page);
    expect(
      await blockingViolations(page, { coloursOnly: scheme === "dark", exclude: options.exclude }),
      `${name} in ${scheme}`,
    ).toEqual([]);
  }
  await still.evaluate((sheet) => (sheet as HTMLElement).remove());
  await page.emulateMedia({ colorScheme: "light" });
}
