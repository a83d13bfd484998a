import { describe, expect, it } from "vitest";
import { createPageStore, type StoredPage } from "./page-store.ts";

const page = (bytes: number, expires = Date.now() + 60_000): StoredPage => ({
  status: 200,
  headers: [],
  csp: "",
  bodies: { identity: Buffer.alloc(bytes), gzip: Buffer.alloc(0), br: Buffer.alloc(0) },
  expires,
});

describe("page store", () => {
  it("drops the least recently used pages past its byte budget", () => {
    const store = createPageStore({ maxBytes: 300 });
    store.set("/a", page(100), 0);
    store.set("/b", page(100), 0);
    store.set("/c", page(100), 0);
    expect(store.get("/a")).toBeDefined(); // now the most recently used
    store.set("/d", page(100), 0);
    expect(store.get("/b")).toBeUndefined();
    expect(["/a", "/c", "/d"].map((key) => Boolean(store.get(key)))).toEqual([true, true, true]);
    expect(store.bytes).toBe(300);
    // Replacing a page counts its bytes once.
    store.set("/d", page(50), 0);
    expect(store.bytes).toBe(250);
    expect(store.set("/huge", page(301), 0)).toBe(false);
  });

  it("forgets expired pages", () => {
    const store = createPageStore({ maxBytes: 1000 });
    store.set("/old", page(10, Date.now() - 1), 0);
    expect(store.get("/old")).toBeUndefined();
    expect(store.bytes).toBe(0);
  });

  it("refuses a page rendered before the last clear", () => {
    const store = createPageStore({ maxBytes: 1000 });
    const before = store.generation;
    store.set("/a", page(10), before);
    store.clear();
    expect(store.get("/a")).toBeUndefined();
    expect(store.set("/b", page(10), before)).toBe(false);
    expect(store.get("/b")).toBeUndefined();
    expect(store.set("/b", page(10), store.generation)).toBe(true);
  });
});
