import * as React from "react";

const subscribe = () => () => {};

/**
 * False in the page the server rendered (and while it hydrates), true once scripts run: a control
 * that only scripts keep up to date (a button enabled when a form is complete) stays usable
 * until then, so the form still posts without JavaScript and the server answers it.
 */
export function useHydrated() {
  return React.useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
