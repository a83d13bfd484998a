import { describe, expect, it } from "vitest";
import { createPageStore, type StoredPage } from "./page-store.ts";

const page = (bytes: number, expires = Date.now() + 60_000): StoredPage => ({
  status: 200,
  headers: [],
  csp: "",
  bodies: { identity: Buffer.alloc(bytes), gzip: Buffer.alloc(0), br: Buffer.alloc(0) },
  expires,
});

const sized = (identity: number, gzip: number, br: number): StoredPage => ({
  ...page(0),
  bodies: { identity: Buffer.alloc(identity), gzip: Buffer.alloc(gzip), br: Buffer.alloc(br) },
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

  it("counts the bytes of all three bodies, and takes a page exactly as big as its budget", () => {
    const store = createPageStore({ maxBytes: 600 });
    store.set("/a", sized(100, 40, 30), 0);
    expect(store.bytes).toBe(170);
    expect(store.set("/full", sized(300, 200, 100), 0)).toBe(true);
    // 600 bytes fill the budget alone: /a had to go.
    expect(store.bytes).toBe(600);
    expect(store.get("/a")).toBeUndefined();
    expect(store.get("/full")).toBeDefined();
    expect(store.set("/over", sized(300, 200, 101), 0)).toBe(false);
    expect(store.get("/full")).toBeDefined();
  });

  it("a hit makes a page the most recently used without counting its bytes again", () => {
    const store = createPageStore({ maxBytes: 300 });
    store.set("/a", page(100), 0);
    store.set("/b", page(100), 0);
    for (let i = 0; i < 5; i++) expect(store.get("/a")).toBeDefined();
    expect(store.bytes).toBe(200);
    store.set("/c", page(100), 0);
    store.set("/d", page(100), 0);
    expect(store.get("/b")).toBeUndefined();
    expect(store.get("/a")).toBeDefined();
    expect(store.bytes).toBe(300);
  });

  it("a page too big to store leaves the page already stored under its key", () => {
    const store = createPageStore({ maxBytes: 300 });
    const kept = page(100);
    store.set("/a", kept, 0);
    expect(store.set("/a", page(301), 0)).toBe(false);
    expect(store.get("/a")).toBe(kept);
    expect(store.bytes).toBe(100);
  });

  it("a page is gone from the moment it expires", () => {
    const store = createPageStore({ maxBytes: 1000 });
    store.set("/a", page(10, 5_000), 0);
    expect(store.get("/a", 4_999)).toBeDefined();
    expect(store.get("/a", 5_000)).toBeUndefined();
    expect(store.bytes).toBe(0);
    // Gone, not hidden: an earlier clock does not bring it back.
    expect(store.get("/a", 4_000)).toBeUndefined();
    expect(store.get("/never-stored", 0)).toBeUndefined();
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
    expect(store.bytes).toBe(10);
  });

  it("every clear starts a new generation: a render from any earlier one is refused", () => {
    const store = createPageStore({ maxBytes: 1000 });
    const seen = [store.generation];
    for (let i = 0; i < 3; i++) {
      store.clear();
      seen.push(store.generation);
    }
    expect(new Set(seen).size).toBe(4);
    for (const old of seen.slice(0, -1)) expect(store.set("/a", page(10), old)).toBe(false);
    expect(store.bytes).toBe(0);
  });
});
