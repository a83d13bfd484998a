import type { ActionAnswer } from "~/lib/action-answer";

const SOMETHING_WENT_WRONG = "Something went wrong. Please try again.";
const UNREACHABLE = "Could not reach the server. Please check your connection and try again.";

/**
 * Posts JSON to an action and reads the one envelope, with the answer's HTTP status (0 when
 * the server could not be reached): for a form that must tell a 429 from other refusals, or a
 * step that awaits its answer (a passkey ceremony). A body that is no envelope reads as a refusal.
 */
export async function requestJson<T extends object>(
  url: string,
  body: unknown = {},
  signal?: AbortSignal,
): Promise<{ status: number; answer: ActionAnswer<T> }> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      signal,
    });
    const answer = (await response.json().catch(() => null)) as ActionAnswer<T> | null;
    return { status: response.status, answer: answer ?? { ok: false, error: SOMETHING_WENT_WRONG } };
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    return { status: 0, answer: { ok: false, error: UNREACHABLE } };
  }
}

/** `requestJson`'s answer alone. */
export async function postJson<T extends object>(
  url: string,
  body: unknown = {},
  signal?: AbortSignal,
): Promise<ActionAnswer<T>> {
  return (await requestJson<T>(url, body, signal)).answer;
}
