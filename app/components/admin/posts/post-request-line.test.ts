import { describe, expect, it } from "vitest";
import { postRequestLine } from "./post-request-line";

type Request = { name: string; autosave?: boolean };
const autosave: Request = { name: "autosave", autosave: true };
const publish: Request = { name: "publish" };
const schedule: Request = { name: "schedule" };

describe("postRequestLine: a new post is created by one request", () => {
  it("holds a press made while the autosave creating the post is in flight, then sends it to the new post", () => {
    const line = postRequestLine<Request>(null);
    expect(line.send(autosave)).toEqual({ request: autosave, to: "/admin/posts/new" });
    expect(line.send(publish)).toBeNull();
    expect(line.answered(41)).toEqual({ request: autosave, next: { request: publish, to: "/admin/posts/41" } });
    expect(line.answered(null)).toEqual({ request: publish, next: null });
    expect(line.send(schedule)).toEqual({ request: schedule, to: "/admin/posts/41" });
  });

  it("keeps several presses in the order they were made, one in flight at a time", () => {
    const line = postRequestLine<Request>(null);
    line.send(autosave);
    line.send(schedule);
    line.send(publish);
    expect(line.answered(7).next).toEqual({ request: schedule, to: "/admin/posts/7" });
    // A press while the line drains waits its turn, rather than replacing the request in flight.
    expect(line.send(autosave)).toBeNull();
    expect(line.answered(null).next).toEqual({ request: publish, to: "/admin/posts/7" });
    expect(line.answered(null)).toEqual({ request: publish, next: null });
  });

  it("drops an autosave that would wait: the fields stay unsaved and the editor autosaves them later", () => {
    const line = postRequestLine<Request>(null);
    line.send(publish);
    expect(line.send(autosave)).toBeNull();
    expect(line.answered(3)).toEqual({ request: publish, next: null });
  });

  it("sends a waiting press to new again when the create was refused, still one at a time", () => {
    const line = postRequestLine<Request>(null);
    line.send(autosave);
    line.send(publish);
    line.send(schedule);
    expect(line.answered(null).next).toEqual({ request: publish, to: "/admin/posts/new" });
    expect(line.answered(5).next).toEqual({ request: schedule, to: "/admin/posts/5" });
  });

  it("lets a saved post's press go at once, even over its autosave in flight", () => {
    const line = postRequestLine<Request>(12);
    expect(line.send(autosave)).toEqual({ request: autosave, to: "/admin/posts/12" });
    expect(line.send(publish)).toEqual({ request: publish, to: "/admin/posts/12" });
    // The router aborted the autosave: the answer that comes is the press's.
    expect(line.answered(null)).toEqual({ request: publish, next: null });
  });
});
