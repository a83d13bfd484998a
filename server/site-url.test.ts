import { afterEach, describe, expect, it } from "vitest";
import { getPublicOrigin, setListeningOrigin } from "./config.ts";
import { resetSingleton } from "./lib/singleton.ts";

const saved = process.env.PUBLIC_URL;
function usePublicUrl(value: string | undefined) {
  if (value === undefined) delete process.env.PUBLIC_URL;
  else process.env.PUBLIC_URL = value;
  resetSingleton("config");
}
afterEach(() => usePublicUrl(saved));

describe("the site's address in canonical URLs and links", () => {
  it("is PUBLIC_URL (without a trailing slash)", () => {
    usePublicUrl("https://signals.example/");
    setListeningOrigin("http://127.0.0.1:4567");
    expect(getPublicOrigin()).toBe("https://signals.example");
  });

  it("without PUBLIC_URL (development) is the address the server listens on, never a request's host", () => {
    usePublicUrl(undefined);
    setListeningOrigin("http://127.0.0.1:4567");
    expect(getPublicOrigin()).toBe("http://127.0.0.1:4567");
  });
});
