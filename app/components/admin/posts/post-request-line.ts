/** A request to send now, and the address it goes to. */
export type Outgoing<R> = { request: R; to: string };

/**
 * The order of the post editor's requests around the one that creates a new post (see
 * usePostSender for why): at most one request addressed to "new" is ever in flight, and none
 * is sent there once an answer has given the post's id. `send` says what to post now (nothing
 * when the request waits or, an autosave, is dropped); `answered` takes the id a create gave
 * and says which waiting request goes next. Plain state, so it holds between renders in a ref.
 */
export function postRequestLine<R extends { autosave?: unknown }>(initialId: number | null) {
  let id = initialId;
  let inFlight: R | null = null;
  const waiting: R[] = [];
  const out = (request: R): Outgoing<R> => {
    inFlight = request;
    return { request, to: `/admin/posts/${id ?? "new"}` };
  };
  return {
    send(request: R): Outgoing<R> | null {
      const creating = id === null && inFlight !== null;
      if (creating || waiting.length > 0) {
        if (!request.autosave) waiting.push(request);
        return null;
      }
      return out(request);
    },
    /** The answer to the request in flight (`created` is the new post's id); returns that request and the next. */
    answered(created: number | null): { request: R | null; next: Outgoing<R> | null } {
      const request = inFlight;
      inFlight = null;
      if (created !== null) id = created;
      const next = waiting.shift();
      return { request, next: next ? out(next) : null };
    },
  };
}
