import { describe, expect, it } from "vitest";
import { publicUrlPerTest } from "../tests/helpers/env.ts";
import { getPublicOrigin, setListeningOrigin } from "./config.ts";

const usePublicUrl = publicUrlPerTest();

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
