import { LRUCache } from "lru-cache";
import type { Encoding } from "../accept-encoding.ts";

export type StoredPage = {
  status: number;
  headers: [string, string][];
  csp: string;
  bodies: Record<Encoding, Buffer>;
  expires: number;
};

// Never 0, as lru-cache requires: a stored page always has a gzip body (at least its header).
const size = (page: StoredPage) => page.bodies.identity.length + page.bodies.gzip.length + page.bodies.br.length;

/**
 * The page cache's memory: least recently used pages go first once the bodies pass `maxBytes`
 * (query strings and Host headers are chosen by clients, so the number of keys is not ours).
 * An `lru-cache` bounded by bytes alone; a page's expiry is its own `expires`, checked on `get`.
 * `generation` changes on every `clear()`: a render that began before a content change must
 * not store what it read (`set` refuses a stale generation).
 */
export function createPageStore(options: { maxBytes: number }) {
  const pages = new LRUCache<string, StoredPage>({ maxSize: options.maxBytes, sizeCalculation: size });
  let generation = 0;

  return {
    get generation() {
      return generation;
    },
    get bytes() {
      return pages.calculatedSize;
    },
    /** A hit becomes the most recently used page; its bytes are not counted again. */
    get(key: string, now = Date.now()): StoredPage | undefined {
      const page = pages.get(key);
      if (page && page.expires <= now) return void pages.delete(key);
      return page;
    },
    set(key: string, page: StoredPage, renderedInGeneration: number) {
      // Checked here, not left to lru-cache, which would also drop the page stored under `key`.
      if (renderedInGeneration !== generation || size(page) > options.maxBytes) return false;
      pages.set(key, page);
      return true;
    },
    clear() {
      pages.clear();
      generation++;
    },
  };
}
