import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { action as joinAction } from "~/routes/auth/join.details";
import { loader as linkLoader } from "~/routes/site/r.$code";
import { user } from "#server/db/schema";
import { getReferralCode } from "#server/referrals/get-referral-code";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { createMember } from "../../helpers/members";
import { callAction, callLoader } from "../../helpers/route-request";
import { referralOf } from "./referral-support";

withTestDataDir("referral-link");

const cookieValue = (setCookie: string) => setCookie.split(";")[0]!;

// The link and the sign-up as the browser meets them: /r/<code> answers a redirect home with the
// visit's id in a cookie scoped to /r and /join only (the public pages stay cookie-free, so the
// page cache still serves them), and /join/details attributes the new member and spends it.
describeEachDatabase("referral links through the routes", (database) => {
  const db = () => database().db;
  useProcessDatabase(database);

  it("a visitor follows a link, keeps the first one, and signs up attributed", async () => {
    const first = await createMember(db());
    const second = await createMember(db());
    const code = await getReferralCode({ db: db(), userId: first.id });
    const answer = await callLoader(linkLoader, { path: `/r/${code}`, params: { code } });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/");
    expect(answer.cookies).toHaveLength(2);
    expect(answer.cookies!.map((c) => /Path=([^;]+)/.exec(c)![1])).toEqual(["/r", "/join"]);
    for (const cookie of answer.cookies!) expect(cookie).toMatch(/HttpOnly/);
    const cookie = cookieValue(answer.cookies![0]!);

    const otherCode = await getReferralCode({ db: db(), userId: second.id });
    const later = await callLoader(linkLoader, { path: `/r/${otherCode}`, params: { code: otherCode }, cookie });
    expect(later).toMatchObject({ status: 302, location: "/" });
    expect(later.cookies).toBeUndefined();

    const tag = crypto.randomBytes(4).toString("hex");
    const joined = await callAction(joinAction, {
      path: "/join/details",
      cookie,
      clientIp: `10.91.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`,
      form: {
        firstName: "Rita",
        lastName: "Referred",
        email: `rita-${tag}@example.com`,
        password: "Analytical1",
        telegram: `rita_${tag}`,
        acceptTerms: "on",
        acceptRisk: "on",
      },
    });
    expect(joined.status).toBe(302);
    expect(joined.cookies!.filter((c) => c.startsWith("referral=;")).length).toBe(2);
    const [member] = await db()
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, `rita-${tag}@example.com`));
    expect(await referralOf(db(), member!.id)).toMatchObject({ referrerId: first.id, refusal: null });
  });

  it("an unknown code goes home and sets nothing", async () => {
    const answer = await callLoader(linkLoader, { path: "/r/zzzzzzzz", params: { code: "zzzzzzzz" } });
    expect(answer).toMatchObject({ status: 302, location: "/" });
    expect(answer.cookies).toBeUndefined();
  });
});
