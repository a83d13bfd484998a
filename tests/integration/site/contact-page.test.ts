import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as contactPage from "~/routes/site/contact";
import { contactSubmissions } from "#server/db/schema";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { callAction, callLoader } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("contact-page");

/** The /contact page: its loader's prefill and its action, posted as the page's plain form. */
describeEachDatabase("the contact page", (database) => {
  const db = () => database().db;
  let member: { userId: string; email: string; cookie: string };
  useProcessDatabase(database);
  beforeAll(async () => {
    member = await signUpStaff(db(), null);
  });

  it("fills in a signed-in member's name and address; a visitor gets the empty form", async () => {
    expect(await callLoader(contactPage, { path: "/contact" })).toEqual({
      status: 200,
      data: { prefill: null, sent: false },
    });
    const signedIn = await callLoader(contactPage, { path: "/contact", cookie: member.cookie });
    expect(signedIn.data).toEqual({ prefill: { name: "Sam Staff", email: member.email }, sent: false });
  });

  it("a refusal hands the typed text back with the field's problem; a good message is stored for the member", async () => {
    const refused = await callAction(contactPage, {
      path: "/contact",
      form: { name: "Ada", email: "not-an-address", telegram: "@ada", message: "Hello" },
    });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      ok: false,
      fieldErrors: { email: "Invalid email address" },
      values: { name: "Ada", email: "not-an-address", telegram: "@ada", message: "Hello" },
    });

    const email = `page-${Date.now()}@example.com`;
    const sent = await callAction(contactPage, {
      path: "/contact",
      cookie: member.cookie,
      form: { name: " Ada ", email, telegram: "", message: "From the page" },
    });
    // Answered with the sent panel's own address: a reload or Back there posts nothing again.
    expect(sent).toMatchObject({ status: 303, location: "/contact?sent=1" });
    expect(await callLoader(contactPage, { path: "/contact?sent=1" })).toEqual({
      status: 200,
      data: { prefill: null, sent: true },
    });
    const panel = await callLoader(contactPage, { path: "/contact?sent=1", cookie: member.cookie });
    expect(panel.data).toEqual({ prefill: null, sent: true });
    const rows = await db().select().from(contactSubmissions).where(eq(contactSubmissions.email, email));
    expect(rows.map((r) => [r.name, r.telegram, r.message, r.userId])).toEqual([
      ["Ada", null, "From the page", member.userId],
    ]);
  });
});
