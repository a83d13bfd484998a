import { afterEach, describe, expect, it } from "vitest";
import { getPublicOrigin, getSiteUrl, setListeningOrigin } from "./config.ts";
import { resetSingleton } from "./lib/singleton.ts";

const saved = process.env.PUBLIC_URL;
function usePublicUrl(value: string | undefined) {
  if (value === undefined) delete process.env.PUBLIC_URL;
  else process.env.PUBLIC_URL = value;
  resetSingleton("config");
}
afterEach(() => usePublicUrl(saved));

describe("the site's address in canonical URLs and links", () => {
  it("is PUBLIC_URL (without a trailing slash) whatever host a request came to", () => {
    usePublicUrl("https://signals.example/");
    expect(getSiteUrl(new Request("http://10.0.0.5:3000/pricing"))).toBe("https://signals.example");
    expect(getPublicOrigin()).toBe("https://signals.example");
  });

  it("without PUBLIC_URL is the request's origin, and outside a request the address the server listens on", () => {
    usePublicUrl(undefined);
    expect(getSiteUrl(new Request("http://localhost:4000/blog"))).toBe("http://localhost:4000");
    setListeningOrigin("http://127.0.0.1:4567");
    expect(getPublicOrigin()).toBe("http://127.0.0.1:4567");
  });
});
