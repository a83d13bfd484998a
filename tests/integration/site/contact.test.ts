import { expect, it } from "vitest";
import { submitContactMessage } from "#server/contact/submit-contact-message";
import { contactSubmissions } from "#server/db/schema";
import { AppError } from "#server/lib/errors";
import { consumeRateLimit } from "#server/security/rate-limit";
import { describeEachDatabase } from "../../helpers/database";

describeEachDatabase("contact messages", (database) => {
  const input = { name: "Ada", email: "ada@example.com", telegram: undefined, message: "Hello" };

  it("stores a message with a null telegram when none is given", async () => {
    const row = await submitContactMessage({ db: database().db, input, clientIp: "10.0.0.1", limit: 5 });
    const [stored] = await database().db.select().from(contactSubmissions);
    expect(stored).toMatchObject({
      id: row.id,
      name: "Ada",
      email: "ada@example.com",
      telegram: null,
      message: "Hello",
    });
  });

  it("refuses the message past the limit with a clear 429 and writes nothing", async () => {
    const db = database().db;
    const before = (await db.select().from(contactSubmissions)).length;
    for (let i = 0; i < 3; i++) await submitContactMessage({ db, input, clientIp: "10.0.0.2", limit: 3 });
    const error = await submitContactMessage({ db, input, clientIp: "10.0.0.2", limit: 3 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(429);
    expect((error as AppError).message).toMatch(/^Too many requests\. Please try again in \d+ minutes?\.$/);
    expect((await db.select().from(contactSubmissions)).length).toBe(before + 3);
    // Another address is unaffected.
    await submitContactMessage({ db, input, clientIp: "10.0.0.3", limit: 3 });
  });

  it("counts concurrent hits exactly (one atomic statement)", async () => {
    const db = database().db;
    const results = await Promise.all(
      Array.from({ length: 12 }, () => consumeRateLimit({ db, key: "burst", limit: 10, windowSeconds: 60 })),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it("starts a new window once the old one has passed", async () => {
    const db = database().db;
    const first = await consumeRateLimit({ db, key: "window", limit: 1, windowSeconds: 1 });
    expect(first.allowed).toBe(true);
    expect((await consumeRateLimit({ db, key: "window", limit: 1, windowSeconds: 1 })).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await consumeRateLimit({ db, key: "window", limit: 1, windowSeconds: 1 })).allowed).toBe(true);
  });
});
