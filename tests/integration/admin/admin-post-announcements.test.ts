import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { channelMessages } from "~/lib/validation/admin/posts-channel";
import { loader as listLoader } from "~/routes/admin/posts/admin.posts";
import { action as editorAction, loader as editorLoader } from "~/routes/admin/posts/admin.posts.$postId";
import { action as channelAction } from "~/routes/api/admin/api.admin.telegram-channel";
import { getPublicOrigin } from "#server/config";
import type { Db } from "#server/db/client";
import { announcementChannel, auditLog, blogPosts, postAnnouncements } from "#server/db/schema";
import { readTelegramConfig } from "#server/lib/telegram-config";
import { deliverPostAnnouncements, INTERRUPTED } from "#server/staff/posts/announce/deliver-post-announcements";
import { publishDuePosts } from "#server/staff/posts/publish-due-posts";
import { savePost } from "#server/staff/posts/save-post";
import { createTelegramBot } from "#server/telegram/telegram-bot";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import type { FakeBotApi } from "../../helpers/fake-bot-api";
import { callAction, callLoader } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";
import { startSingletonBot, stopSingletonBot } from "../../helpers/telegram-bot";

withTestDataDir("admin-post-announcements");

const CHANNEL = { id: -1001234567890, type: "channel" as const, title: "Nova Signals News", username: "nova_news" };

const complete = {
  title: "Risk & reward <2027>",
  category: "Risk Management",
  excerpt: "Three rules that keep an account alive.",
  author: "Mira Hoffmann",
  authorRole: "Head of Risk",
  image: "/images/blog/position-sizing-the-one-percent-rule.svg",
  content: "<p>Risk 1%.</p>",
};

describeEachDatabase("posts announced in the Telegram channel", (database) => {
  const db = (): Db => database().db;
  let api: FakeBotApi;
  let owner: Awaited<ReturnType<typeof signUpStaff>>;
  let editor: Awaited<ReturnType<typeof signUpStaff>>;
  let slug = "";

  const setChannel = (channel: string, cookie = owner.cookie) =>
    callAction(channelAction, {
      path: "/api/admin/telegram-channel",
      json: { intent: "set-channel", channel },
      cookie,
    });
  const edit = (id: number | "new", json: Record<string, unknown>, cookie = editor.cookie) =>
    callAction(editorAction, { path: `/admin/posts/${id}`, params: { postId: String(id) }, json, cookie });
  const announcement = async (postId: number) =>
    (await db().select().from(postAnnouncements).where(eq(postAnnouncements.postId, postId)))[0];
  const sends = () => [...api.callsOf("sendPhoto"), ...api.callsOf("sendMessage")];

  useProcessDatabase(database);
  beforeAll(async () => {
    api = await startSingletonBot(db());
    owner = await signUpStaff(db(), "owner");
    editor = await signUpStaff(db(), "editor");
    api.addChat(CHANNEL);
  });
  afterAll(async () => stopSingletonBot(api));
  // Every test but the first starts with the channel set, as an owner would have set it.
  beforeEach(async () => {
    api.reset();
    slug = `announced-${crypto.randomBytes(3).toString("hex")}`;
    const channel = { chatId: CHANNEL.id, title: CHANNEL.title, username: CHANNEL.username };
    await db()
      .insert(announcementChannel)
      .values(channel)
      .onConflictDoUpdate({ target: announcementChannel.id, set: channel });
  });

  it("sets the channel only when the bot is an administrator there who may post, owners and admins only", async () => {
    await db().delete(announcementChannel);
    expect((await setChannel("@nobody_here")).data.fieldErrors).toEqual({ channel: channelMessages.notFound });
    api.addChat({ id: -1001000000009, type: "channel", title: "Muted" }, { status: "member" });
    expect((await setChannel("-1001000000009")).data.fieldErrors).toEqual({
      channel: channelMessages.notAdmin("Muted"),
    });
    api.addChat({ id: -1001000000008, type: "channel", title: "Read only" }, { canPost: false });
    const readOnly = await setChannel("-1001000000008");
    expect(readOnly).toMatchObject({ status: 400, data: { error: channelMessages.cannotPost("Read only") } });
    expect(await db().select().from(announcementChannel)).toEqual([]);
    // An editor publishes posts but does not choose where they are announced.
    expect((await setChannel("@nova_news", editor.cookie)).status).toBe(404);

    const set = await setChannel("https://t.me/nova_news");
    expect(set).toMatchObject({
      status: 200,
      data: { ok: true, channel: { chatId: String(CHANNEL.id), title: CHANNEL.title } },
    });
    expect(api.callsOf("getChatMember").at(-1)?.params).toMatchObject({ chat_id: CHANNEL.id });
    const [audited] = await db().select().from(auditLog).where(eq(auditLog.action, "telegram.channel-set"));
    expect(audited).toMatchObject({ targetId: String(CHANNEL.id), actorRole: "owner" });
    const list = await callLoader(listLoader, { path: "/admin/posts", cookie: editor.cookie });
    expect(list.data).toMatchObject({ channel: { title: CHANNEL.title, username: "nova_news" }, canSetChannel: false });
  });

  it("publishing a post that asks for it sends one photo with its title, excerpt and link, and records the message", async () => {
    const made = await edit("new", { intent: "publish", ...complete, slug, announceTelegram: true });
    expect(made.status).toBe(200);
    const id = made.data.id as number;
    const [photo, ...more] = sends();
    expect(more).toEqual([]);
    expect(photo).toMatchObject({ method: "sendPhoto" });
    const origin = getPublicOrigin();
    expect(photo!.params).toMatchObject({
      chat_id: CHANNEL.id,
      photo: `${origin}${complete.image}`,
      parse_mode: "HTML",
      caption: `<b>Risk &amp; reward &lt;2027&gt;</b>\n\n${complete.excerpt}\n\n<a href="${origin}/blog/${slug}">Read the post</a>`,
    });
    const row = await announcement(id);
    expect(row).toMatchObject({ status: "sent", chatId: CHANNEL.id, lastError: null });
    expect(row!.messageUrl).toBe(`https://t.me/nova_news/${row!.messageId}`);
    const page = await callLoader(editorLoader, {
      path: `/admin/posts/${id}`,
      params: { postId: String(id) },
      cookie: editor.cookie,
    });
    expect(page.data).toMatchObject({
      post: { announceTelegram: true, announcement: { status: "sent", messageUrl: row!.messageUrl } },
    });

    // Saving or publishing it again never announces it twice.
    await edit(id, { intent: "save", ...complete, slug, excerpt: "Edited.", announceTelegram: true });
    await edit(id, { intent: "unpublish" });
    await edit(id, { intent: "publish", ...complete, slug, announceTelegram: true });
    await deliverPostAnnouncements({ db: db(), bot: undefined });
    expect(sends()).toHaveLength(1);
  });

  it("two instances sending at once post the announcement once", async () => {
    const other = createTelegramBot({
      db: db(),
      config: readTelegramConfig({ TELEGRAM_BOT_TOKEN: api.token, TELEGRAM_API_ROOT: api.apiRoot }),
    })!;
    const saved = await savePost({
      db: db(),
      id: null,
      fields: { ...complete, slug, seoTitle: "", seoDescription: "", socialImage: "", announceTelegram: true },
      actor: { userId: null, label: "test", role: "owner" },
      then: { to: "publish" },
    });
    const bot = (await import("#server/telegram/telegram-bot")).getTelegramBot();
    const runs = await Promise.all([
      deliverPostAnnouncements({ db: db(), bot }),
      deliverPostAnnouncements({ db: db(), bot: other }),
      deliverPostAnnouncements({ db: db(), bot: other, postId: saved.id }),
      deliverPostAnnouncements({ db: db(), bot, postId: saved.id }),
    ]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(1);
    expect(sends()).toHaveLength(1);
    expect((await announcement(saved.id))?.status).toBe("sent");
  });

  it("a failure is shown with Telegram's reason, and Retry (audited) sends it", async () => {
    api.failNext("sendPhoto", { error_code: 403, description: "Forbidden: bot is not a member of the channel chat" });
    const made = await edit("new", { intent: "publish", ...complete, slug, announceTelegram: true });
    const id = made.data.id as number;
    expect(await announcement(id)).toMatchObject({
      status: "failed",
      lastError: "Telegram refused it: Forbidden: bot is not a member of the channel chat",
    });
    const list = await callLoader(listLoader, {
      path: `/admin/posts?q=${encodeURIComponent(complete.title)}`,
      cookie: editor.cookie,
    });
    const shown = (list.data.posts as { id: number; announcement: unknown }[]).find((p) => p.id === id);
    expect(shown?.announcement).toMatchObject({ status: "failed", error: expect.stringContaining("not a member") });
    // The job leaves a failed one alone: only a person's Retry sends it again.
    await deliverPostAnnouncements({ db: db(), bot: undefined });
    expect(sends()).toHaveLength(1);

    const retried = await edit(id, { intent: "retry-announcement" });
    expect(retried).toMatchObject({ status: 200, data: { ok: true } });
    expect(sends()).toHaveLength(2);
    expect(await announcement(id)).toMatchObject({ status: "sent", lastError: null });
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "post.announcement-retried"), eq(auditLog.targetId, String(id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.before).toMatchObject({ error: expect.stringContaining("not a member") });
    // Nothing left to retry.
    expect((await edit(id, { intent: "retry-announcement" })).status).toBe(409);
  });

  it("waits out a 429's retry_after, then sends", async () => {
    api.failNext("sendPhoto", {
      error_code: 429,
      description: "Too Many Requests: retry after 7",
      parameters: { retry_after: 7 },
    });
    const id = (await edit("new", { intent: "publish", ...complete, slug, announceTelegram: true })).data.id as number;
    const waiting = await announcement(id);
    expect(waiting).toMatchObject({ status: "pending", attempts: 0 });
    const wait = (waiting!.nextAttemptAt.getTime() - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(4);
    expect(wait).toBeLessThanOrEqual(8);
    await deliverPostAnnouncements({ db: db(), bot: (await import("#server/telegram/telegram-bot")).getTelegramBot() });
    expect(sends()).toHaveLength(1);
    await db().execute(sql`update post_announcements set next_attempt_at = now() where post_id = ${id}`);
    await deliverPostAnnouncements({ db: db(), bot: (await import("#server/telegram/telegram-bot")).getTelegramBot() });
    expect(sends()).toHaveLength(2);
    expect((await announcement(id))?.status).toBe("sent");
  });

  it("one a dead run left sending is failed as interrupted, never sent again", async () => {
    const id = (await edit("new", { intent: "publish", ...complete, slug, announceTelegram: false })).data.id as number;
    await db()
      .insert(postAnnouncements)
      .values({ postId: id, status: "sending", nextAttemptAt: new Date(Date.now() - 1000) });
    await deliverPostAnnouncements({ db: db(), bot: (await import("#server/telegram/telegram-bot")).getTelegramBot() });
    expect(sends()).toEqual([]);
    expect(await announcement(id)).toMatchObject({ status: "failed", lastError: INTERRUPTED });
  });

  it("a scheduled post is announced when it goes live, a post without a picture as a message", async () => {
    const at = new Date(Date.now() + 60_000);
    const made = await edit("new", {
      intent: "schedule",
      ...complete,
      slug,
      announceTelegram: true,
      scheduledAt: at.toISOString(),
    });
    const id = made.data.id as number;
    expect(await announcement(id)).toBeUndefined();
    // No picture any more (straight in the table: the editor requires one to publish).
    await db().update(blogPosts).set({ image: "" }).where(eq(blogPosts.id, id));
    expect(await publishDuePosts({ db: db(), now: new Date(at.getTime() + 1000) })).toBe(1);
    await deliverPostAnnouncements({ db: db(), bot: (await import("#server/telegram/telegram-bot")).getTelegramBot() });
    const [message, ...more] = sends();
    expect(more).toEqual([]);
    expect(message).toMatchObject({ method: "sendMessage", params: { chat_id: CHANNEL.id, parse_mode: "HTML" } });
    expect(String(message!.params.text)).toContain(`/blog/${slug}">Read the post</a>`);
    expect(await announcement(id)).toMatchObject({ status: "sent" });
  });

  it("without a channel a queued announcement fails with the reason, and a post not asking is never announced", async () => {
    const quiet = (await edit("new", { intent: "publish", ...complete, slug: `${slug}-quiet` })).data.id as number;
    expect(await announcement(quiet)).toBeUndefined();
    const cleared = await callAction(channelAction, {
      path: "/api/admin/telegram-channel",
      json: { intent: "clear-channel" },
      cookie: owner.cookie,
    });
    expect(cleared.status).toBe(200);
    const id = (await edit("new", { intent: "publish", ...complete, slug, announceTelegram: true })).data.id as number;
    expect(sends()).toEqual([]);
    expect((await announcement(id))?.lastError).toMatch(/No Telegram channel is set/);
    await setChannel("@nova_news");
    await edit(id, { intent: "retry-announcement" });
    expect(sends()).toHaveLength(1);
  });
});
