import * as React from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "~/components/ui/sonner";
import { SIGN_IN_AGAIN } from "~/lib/action-answer";

/** What the dashboard does when its session is gone: see `useSessionState`. */
/** `message`: the refusal's own text (the purchase dialog has its own), SIGN_IN_AGAIN by default. */
const SessionEndedContext = React.createContext<((message?: string) => void) | null>(null);

export const SessionEndedProvider = SessionEndedContext.Provider;

/** Ends the dashboard at once (a 401 `signedOut` answer); null outside the dashboard. */
export function useEndSession() {
  return React.useContext(SessionEndedContext);
}

/** Where the dashboard asks whether this browser is still signed in (app/routes/api/api.session.ts). */
export const SESSION_STATE_URL = "/api/session";

/**
 * Live session state, the dashboard's auth listener: the dashboard notices that its
 * session ended — signed out in another tab, revoked from another device, expired — when the tab
 * regains focus (one cheap GET) or when an action answers 401. Then `ended` turns true, so the
 * page stops rendering the member's data at once, one toast says so (the 401's own text, e.g.
 * "Please sign in to complete purchase"), and the browser goes to /signin (which
 * brings the member back here). A failed check (offline) changes nothing.
 */
export function useSessionState() {
  const [ended, setEnded] = React.useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const back = location.pathname + location.search;
  const done = React.useRef(false);

  const end = React.useCallback(
    (message?: string) => {
      if (done.current) return;
      done.current = true;
      setEnded(true);
      toast.error(message || SIGN_IN_AGAIN);
      void navigate(`/signin?redirectTo=${encodeURIComponent(back)}`, { replace: true });
    },
    [navigate, back],
  );

  React.useEffect(() => {
    let checking = false;
    const check = async () => {
      if (checking || done.current || document.visibilityState === "hidden") return;
      checking = true;
      try {
        const answer = await fetch(SESSION_STATE_URL, { headers: { Accept: "application/json" }, cache: "no-store" });
        if (answer.ok && ((await answer.json()) as { signedIn?: unknown }).signedIn === false) end(SIGN_IN_AGAIN);
      } catch {
        // Offline or a server hiccup: the next focus asks again.
      } finally {
        checking = false;
      }
    };
    const onVisible = () => void check();
    window.addEventListener("focus", onVisible);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.removeEventListener("focus", onVisible);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [end]);

  return { ended, end };
}

/** What stays on screen while the browser goes to sign in: nothing of the member's. */
export function SessionEndedScreen() {
  return (
    <main
      id="main"
      data-slot="session-ended"
      className="flex min-h-svh items-center justify-center p-6"
      aria-busy="true"
    >
      <p role="status" className="text-muted-foreground">
        {SIGN_IN_AGAIN}
      </p>
    </main>
  );
}
