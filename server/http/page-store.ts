import type { Encoding } from "./accept-encoding.ts";

export type StoredPage = {
  status: number;
  headers: [string, string][];
  csp: string;
  bodies: Record<Encoding, Buffer>;
  expires: number;
};

const size = (page: StoredPage) => page.bodies.identity.length + page.bodies.gzip.length + page.bodies.br.length;

/**
 * The page cache's memory: least recently used pages go first once the bodies pass `maxBytes`
 * (query strings and Host headers are chosen by clients, so the number of keys is not ours).
 * `generation` changes on every `clear()`: a render that began before a content change must
 * not store what it read (`set` refuses a stale generation).
 */
export function createPageStore(options: { maxBytes: number }) {
  const pages = new Map<string, StoredPage>();
  let bytes = 0;
  let generation = 0;

  const remove = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    bytes -= size(page);
  };

  return {
    get generation() {
      return generation;
    },
    get bytes() {
      return bytes;
    },
    get(key: string, now = Date.now()): StoredPage | undefined {
      const page = pages.get(key);
      if (!page) return undefined;
      if (page.expires <= now) return void remove(key);
      // Moved to the back: a Map keeps insertion order, so the front is the least recently used.
      pages.delete(key);
      pages.set(key, page);
      return page;
    },
    set(key: string, page: StoredPage, renderedInGeneration: number) {
      if (renderedInGeneration !== generation || size(page) > options.maxBytes) return false;
      remove(key);
      pages.set(key, page);
      bytes += size(page);
      while (bytes > options.maxBytes) remove(pages.keys().next().value!);
      return true;
    },
    clear() {
      pages.clear();
      bytes = 0;
      generation++;
    },
  };
}
