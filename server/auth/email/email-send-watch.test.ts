import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.ts";
import { noteEmailSendFailure, sendWatched } from "./email-send-watch.ts";

const SEND_FAILED = "We could not send the email just now. Please try again in a few minutes.";

describe("sendWatched: a promised mail that did not leave is reported, nothing else is disguised", () => {
  it("passes the work's result through when no send failed", async () => {
    await expect(sendWatched(async () => "sent")).resolves.toBe("sent");
  });

  it("a send failure noted during the work answers 503, whether the work then succeeds or throws", async () => {
    const swallowed = sendWatched(async () => {
      noteEmailSendFailure(); // Better Auth only logs the callback's error and carries on.
      return "check your inbox";
    });
    await expect(swallowed).rejects.toSatisfy(
      (e) => e instanceof AppError && e.code === "UNAVAILABLE" && e.message === SEND_FAILED,
    );
    const thrown = sendWatched(async () => {
      noteEmailSendFailure();
      throw new Error("SMTP refused");
    });
    await expect(thrown).rejects.toSatisfy(
      (e) => e instanceof AppError && e.code === "UNAVAILABLE" && e.message === SEND_FAILED,
    );
  });

  it("an error that is not a send failure comes out unchanged (not as a 503, not swallowed)", async () => {
    const refusal = new AppError("VALIDATION", "This is already your email address.");
    await expect(sendWatched(() => Promise.reject(refusal))).rejects.toBe(refusal);
  });

  it("a failure noted outside any watch does nothing (and does not throw)", async () => {
    expect(() => noteEmailSendFailure()).not.toThrow();
    // Nor does it leak into the next watch.
    await expect(sendWatched(async () => 1)).resolves.toBe(1);
  });
});
