import * as React from "react";

/**
 * A form's schema fetched when the reader starts filling the form in (its first focus), not with
 * the page: the schema library is the heaviest script a form page would load, and a visitor who
 * only reads the page never needs it. Until it arrives a submit goes to the server, which parses
 * the same schema and answers with the same messages (as the form does without JavaScript).
 */
export function useLazySchema<S>(load: () => Promise<S>) {
  const [schema, setSchema] = React.useState<S>();
  const started = React.useRef(false);
  const latestLoad = React.useRef(load);
  React.useEffect(() => {
    latestLoad.current = load;
  });
  const start = React.useCallback(() => {
    if (started.current) return;
    started.current = true;
    // A failed fetch (offline, a deploy in between) leaves the server's check; the next focus tries again.
    latestLoad.current().then(setSchema, () => (started.current = false));
  }, []);
  return { schema, start };
}
