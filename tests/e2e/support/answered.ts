import type { Page, Request, Response } from "@playwright/test";

/**
 * Does `act` (a click that submits) and waits for the server's answer to the POST it sends,
 * however long a busy machine takes to give it (bounded by the test's own timeout, not by the
 * 10 s an `expect` waits): what the page shows next, a toast, follows that answer. `which`
 * narrows the POST when the page may send others meanwhile (an editor's autosave).
 */
export async function answered(
  page: Page,
  act: () => Promise<unknown>,
  which: (request: Request) => boolean = () => true,
): Promise<Response> {
  const answer = page.waitForResponse(
    (response) => response.request().method() === "POST" && which(response.request()),
    { timeout: 0 },
  );
  await act();
  return answer;
}

/** A JSON POST with this `intent` (the post editor's buttons). */
export const intent = (name: string) => (request: Request) =>
  (request.postDataJSON() as { intent?: string } | null)?.intent === name;
