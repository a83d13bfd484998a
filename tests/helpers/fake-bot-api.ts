import http from "node:http";
import type { AddressInfo } from "node:net";
import express, { type RequestHandler } from "express";

export const FAKE_BOT_TOKEN = "123456789:TEST-token_abcdefghijklmnopqrstuvwxyz";
export const FAKE_BOT_ID = 123456789;
export const FAKE_BOT_USERNAME = "test_signals_bot";

/** `at`: when the request arrived (Date.now()), to check the pace of the calls. */
export type BotApiCall = { method: string; token: string; params: Record<string, unknown>; at: number };
/** `parameters`: Telegram's ResponseParameters (retry_after of a 429). */
type Failure = { error_code: number; description: string; parameters?: { retry_after?: number } };
type ChatMemberStatus = "creator" | "administrator" | "member" | "restricted" | "left" | "kicked";
/** A chat getChat knows (a channel the bot was added to); unknown chats are "chat not found". */
export type FakeChat = {
  id: number;
  type: "channel" | "supergroup" | "group" | "private";
  title?: string;
  username?: string;
};

/**
 * A local stand-in for the Telegram Bot API (`POST /bot<token>/<method>`, JSON or form
 * bodies) answering `{ ok: true, result }` with plausible results, and recording every call.
 * Chat membership is tracked per (chat, user), so approve/ban/unban change what
 * getChatMember answers. `pushUpdate` queues updates for getUpdates (long polling);
 * `failNext(method, …)` makes the next call of a method fail as Telegram would; `blockBot(user)`
 * makes every message to that user fail as it does when they blocked the bot.
 */
export async function startFakeBotApi(options: { token?: string } = {}) {
  const token = options.token ?? FAKE_BOT_TOKEN;
  const calls: BotApiCall[] = [];
  const members = new Map<string, ChatMemberStatus>();
  const failures = new Map<string, Failure[]>();
  const blockedBy = new Set<number>();
  const chats = new Map<number, FakeChat>();
  // An administrator's rights (getChatMember answers them); by default one may post.
  const adminRights = new Map<string, { can_post_messages: boolean }>();
  const findChat = (ref: unknown) =>
    typeof ref === "string" && ref.startsWith("@")
      ? [...chats.values()].find((c) => c.username?.toLowerCase() === ref.slice(1).toLowerCase())
      : chats.get(Number(ref));
  const chatJson = (ref: unknown) => {
    const chat = findChat(ref);
    return chat ?? { id: Number(ref), type: "private", first_name: "Member" };
  };
  let updates: Record<string, unknown>[] = [];
  let waiting: (() => void)[] = [];
  let counter = 0;
  const me = {
    id: FAKE_BOT_ID,
    is_bot: true,
    first_name: "Test Signals",
    username: FAKE_BOT_USERNAME,
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
  };
  const key = (chat: unknown, user: unknown) => `${String(chat)}:${String(user)}`;
  const now = () => Math.floor(Date.now() / 1000);

  const results: Record<string, (p: Record<string, unknown>) => unknown> = {
    getMe: () => me,
    sendMessage: (p) => ({
      message_id: ++counter,
      date: now(),
      chat: chatJson(p.chat_id),
      from: me,
      text: p.text,
    }),
    sendPhoto: (p) => ({
      message_id: ++counter,
      date: now(),
      chat: chatJson(p.chat_id),
      from: me,
      photo: [{ file_id: `photo${counter}`, file_unique_id: `u${counter}`, width: 1280, height: 720 }],
      ...(p.caption ? { caption: p.caption } : {}),
    }),
    getChat: (p) => findChat(p.chat_id) ?? null,
    createChatInviteLink: (p) => ({
      invite_link: `https://t.me/+fake${++counter}_${String(p.chat_id).replace("-", "m")}`,
      creator: me,
      creates_join_request: Boolean(p.creates_join_request),
      is_primary: false,
      is_revoked: false,
      ...(p.name ? { name: p.name } : {}),
      ...(p.expire_date ? { expire_date: p.expire_date } : {}),
    }),
    approveChatJoinRequest: (p) => (members.set(key(p.chat_id, p.user_id), "member"), true),
    declineChatJoinRequest: () => true,
    banChatMember: (p) => (members.set(key(p.chat_id, p.user_id), "kicked"), true),
    unbanChatMember: (p) => {
      const k = key(p.chat_id, p.user_id);
      if (members.get(k) === "kicked" || !p.only_if_banned) members.set(k, "left");
      return true;
    },
    getChatMember: (p) => {
      const status = members.get(key(p.chat_id, p.user_id)) ?? "left";
      const user = { id: Number(p.user_id), is_bot: false, first_name: "Member" };
      if (status === "restricted") return { status, user, is_member: true, until_date: 0 };
      if (status === "kicked") return { status, user, until_date: 0 };
      if (status === "administrator")
        return {
          status,
          user,
          can_be_edited: false,
          is_anonymous: false,
          can_manage_chat: true,
          can_delete_messages: true,
          can_manage_video_chats: false,
          can_restrict_members: true,
          can_promote_members: false,
          can_change_info: false,
          can_invite_users: true,
          ...(adminRights.get(key(p.chat_id, p.user_id)) ?? { can_post_messages: true }),
        };
      return { status, user };
    },
    setWebhook: () => true,
    deleteWebhook: () => true,
    setMyCommands: () => true,
    setChatMenuButton: () => true,
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(new URL(req.url ?? "/", "http://127.0.0.1").pathname);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (!match) return send(404, { ok: false, error_code: 404, description: "Not Found" });
      const [, presented, method] = match as unknown as [string, string, string];
      if (presented !== token) return send(401, { ok: false, error_code: 401, description: "Unauthorized" });
      const params = parseBody(String(req.headers["content-type"] ?? ""), Buffer.concat(chunks).toString("utf8"));
      calls.push({ method, token: presented, params, at: Date.now() });
      const failure = failures.get(method)?.shift();
      if (failure) return send(failure.error_code, { ok: false, ...failure });
      if (method === "sendMessage" && blockedBy.has(Number(params.chat_id)))
        return send(403, { ok: false, error_code: 403, description: "Forbidden: bot was blocked by the user" });
      if (method === "getUpdates") return void answerUpdates(params).then((result) => send(200, { ok: true, result }));
      if (method === "getChat" && !findChat(params.chat_id))
        return send(400, { ok: false, error_code: 400, description: "Bad Request: chat not found" });
      const answer = results[method];
      if (!answer) return send(404, { ok: false, error_code: 404, description: "Not Found: method not found" });
      send(200, { ok: true, result: answer(params) });
    });
  });

  /** Long polling: answers at once when updates are queued, else within a short wait. */
  async function answerUpdates(params: Record<string, unknown>) {
    const offset = Number(params.offset ?? 0);
    updates = updates.filter((u) => Number(u.update_id) >= offset);
    if (updates.length === 0 && Number(params.timeout ?? 0) > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 250);
        waiting.push(() => (clearTimeout(timer), resolve()));
      });
    }
    return updates.slice(0, Number(params.limit ?? 100));
  }

  // Longer than the client keeps an idle connection (undici: 4 s), so the client always lets go
  // first: a connection the server closed as the client reused it fails a call at random.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiRoot: `http://127.0.0.1:${port}`,
    token,
    calls,
    /** The recorded calls of one method, in order. */
    callsOf: (method: string) => calls.filter((c) => c.method === method),
    /** Texts sent to one chat (a member's private chat id is their Telegram id). */
    messagesTo: (chatId: number) =>
      calls
        .filter((c) => c.method === "sendMessage" && Number(c.params.chat_id) === chatId)
        .map((c) => String(c.params.text)),
    reset: () => void calls.splice(0),
    setChatMember: (chatId: number, userId: number, status: ChatMemberStatus) =>
      void members.set(key(chatId, userId), status),
    chatMemberStatus: (chatId: number, userId: number) => members.get(key(chatId, userId)) ?? "left",
    failNext: (
      method: string,
      failure: Failure = { error_code: 400, description: "Bad Request: chat not found" },
      times = 1,
    ) => {
      failures.set(method, [...(failures.get(method) ?? []), ...Array.from({ length: times }, () => failure)]);
    },
    blockBot: (userId: number) => void blockedBy.add(userId),
    /** A chat getChat answers, and the bot's standing in it (an administrator who may post, by default). */
    addChat: (chat: FakeChat, bot: { status?: ChatMemberStatus; canPost?: boolean } = {}) => {
      chats.set(chat.id, chat);
      members.set(key(chat.id, FAKE_BOT_ID), bot.status ?? "administrator");
      adminRights.set(key(chat.id, FAKE_BOT_ID), { can_post_messages: bot.canPost ?? true });
    },
    unblockBot: (userId: number) => void blockedBy.delete(userId),
    pushUpdate: (update: Record<string, unknown>) => {
      updates.push(update);
      const wake = waiting;
      waiting = [];
      wake.forEach((w) => w());
    },
    close: () =>
      new Promise<void>((resolve) => {
        waiting.forEach((w) => w());
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type FakeBotApi = Awaited<ReturnType<typeof startFakeBotApi>>;

/** JSON or form bodies; form values that are JSON (objects, numbers, booleans) are decoded. */
function parseBody(contentType: string, text: string): Record<string, unknown> {
  if (!text) return {};
  if (contentType.includes("application/json")) return JSON.parse(text) as Record<string, unknown>;
  const form = Object.fromEntries(new URLSearchParams(text));
  return Object.fromEntries(
    Object.entries(form).map(([k, v]) => {
      try {
        return [k, JSON.parse(v) as unknown];
      } catch {
        return [k, v];
      }
    }),
  );
}

// ---- Telegram update JSON, shaped as Telegram sends it ----

export type TelegramUser = { id: number; username?: string; first_name?: string };
let updateId = 10_000;
const stamp = () => Math.floor(Date.now() / 1000);
const userJson = (u: TelegramUser) => ({
  id: u.id,
  is_bot: false,
  first_name: u.first_name ?? "Member",
  ...(u.username ? { username: u.username } : {}),
  language_code: "en",
});

/** A private-chat text message; a leading /command gets its bot_command entity. */
export function messageUpdate(from: TelegramUser, text: string) {
  const command = /^\/\S+/.exec(text)?.[0];
  const { language_code: _, is_bot: __, ...chat } = userJson(from);
  return {
    update_id: ++updateId,
    message: {
      message_id: updateId,
      date: stamp(),
      chat: { ...chat, type: "private" },
      from: userJson(from),
      text,
      ...(command ? { entities: [{ type: "bot_command", offset: 0, length: command.length }] } : {}),
    },
  };
}

/** A join request sent through one of the bot's invite links. */
export function joinRequestUpdate(
  from: TelegramUser,
  chat: { id: number; title?: string },
  inviteLink = "https://t.me/+fake",
) {
  return {
    update_id: ++updateId,
    chat_join_request: {
      chat: { id: chat.id, type: "supergroup", title: chat.title ?? "VIP Signals" },
      from: userJson(from),
      user_chat_id: from.id,
      date: stamp(),
      invite_link: {
        invite_link: inviteLink,
        creator: { id: FAKE_BOT_ID, is_bot: true, first_name: "Test Signals" },
        creates_join_request: true,
        is_primary: false,
        is_revoked: false,
      },
    },
  };
}

/** A membership change in a chat the bot administers. */
export function chatMemberUpdate(user: TelegramUser, chatId: number, from: ChatMemberStatus, to: ChatMemberStatus) {
  const member = (status: ChatMemberStatus) => ({
    status,
    user: userJson(user),
    ...(status === "kicked" ? { until_date: 0 } : {}),
  });
  return {
    update_id: ++updateId,
    chat_member: {
      chat: { id: chatId, type: "supergroup", title: "VIP Signals" },
      from: userJson(user),
      date: stamp(),
      old_chat_member: member(from),
      new_chat_member: member(to),
    },
  };
}

/** Posts an update to a webhook URL as Telegram does (with the secret header when given). */
export function postUpdate(url: string, update: unknown, secret?: string) {
  return fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(secret === undefined ? {} : { "X-Telegram-Bot-Api-Secret-Token": secret }),
    },
    body: JSON.stringify(update),
  });
}

/** A small Express app on a loopback port serving `handler` at POST /api/telegram/webhook. */
export async function serveWebhook(handler: RequestHandler) {
  const app = express();
  app.post("/api/telegram/webhook", handler);
  const server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/telegram/webhook`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
