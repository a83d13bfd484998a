import { useAction } from "~/components/forms/use-action";
import type { ActionAnswer } from "~/lib/action-answer";

export type { ActionAnswer } from "~/lib/action-answer";

/**
 * Posts a form to a back-office page's action (its own, or `action`) and calls `onAnswer` once
 * per answer. A session that ended or a permission taken away is the staff guard's 404 or
 * sign-in redirect, which the page's ErrorBoundary and the router show, so no answer of that
 * kind reaches `onAnswer`. The page's loader runs again after each post, so lists show the change.
 * `json` posts JSON instead, for the editors whose actions read it: a form carries only text,
 * and a plan's features are a list.
 */
export function useStaffAction<T extends ActionAnswer>(
  onAnswer: (answer: T) => void,
  { action, json = false }: { action?: string; json?: boolean } = {},
) {
  return useAction<T>(onAnswer, { action, encType: json ? "application/json" : "application/x-www-form-urlencoded" });
}
