import type { NextFunction, Request, Response } from "express";

type Listener = (...args: unknown[]) => void;

/**
 * Gives a response one real "drain" listener, whoever listens for it.
 *
 * The `compression` middleware hands `res.on("drain", fn)` to its zlib stream but leaves
 * `removeListener` on the response, so a listener added with `once` (React Router waits for every
 * backpressured write with `once` and `off`) or removed by an unpipe stays on the stream for the
 * rest of the response: a large page piles them up (Node's MaxListenersExceededWarning, "11 drain
 * listeners added to [BrotliCompress]") and keeps every closure alive. Mounted after
 * compression(), this keeps the listeners of "drain" in its own lists and subscribes one
 * dispatcher, through compression's `on`, the first time anyone listens.
 */
export function drainListeners() {
  return (_req: Request, res: Response, next: NextFunction) => {
    const on = res.on;
    const persistent = new Set<Listener>();
    const once = new Set<Listener>();
    let subscribed = false;
    const dispatch = (...args: unknown[]) => {
      const fired = [...persistent, ...once];
      once.clear();
      for (const listener of fired) listener.apply(res, args);
    };
    const subscribe = () => {
      if (subscribed) return;
      subscribed = true;
      on.call(res, "drain", dispatch);
    };
    const add = (list: Set<Listener>) =>
      function (this: Response, event: string | symbol, listener: Listener) {
        if (event !== "drain")
          return list === once ? onceOf.call(this, event, listener) : on.call(this, event, listener);
        list.add(listener);
        subscribe();
        return this;
      };
    const onceOf = res.once;
    const removeOf = res.removeListener;
    const remove = function (this: Response, event: string | symbol, listener: Listener) {
      if (event !== "drain") return removeOf.call(this, event, listener);
      persistent.delete(listener);
      once.delete(listener);
      return this;
    };
    res.on = res.addListener = add(persistent) as Response["on"];
    res.once = add(once) as Response["once"];
    res.removeListener = res.off = remove as Response["removeListener"];
    next();
  };
}
