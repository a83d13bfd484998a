// A small bridge to the Telegram client, speaking the Mini Apps protocol itself instead of
// loading telegram-web-app.js from telegram.org (a third-party script on a page that handles
// payments, and one more round trip before anything shows). Outside Telegram every call is a
// no-op and the page shows its own buttons instead.

type Listener = (data: Record<string, unknown>) => void;
type TelegramWindow = Window & {
  TelegramWebviewProxy?: { postEvent: (type: string, data: string) => void };
  Telegram?: { WebView?: { receiveEvent: (type: string, data: unknown) => void } };
  TelegramGameProxy?: { receiveEvent: (type: string, data: unknown) => void };
  external: { notify?: (message: string) => void };
};

const w = window as unknown as TelegramWindow;
const listeners = new Map<string, Listener[]>();

/** Telegram's web client frames the page on one of its origins; it answers with postMessage. */
const TELEGRAM_ORIGIN = /^https:\/\/([a-z0-9-]+\.)*telegram\.org$/;

function receive(type: string, data: unknown) {
  for (const listener of listeners.get(type) ?? []) listener((data ?? {}) as Record<string, unknown>);
}

// The apps call window.Telegram.WebView.receiveEvent; the web client posts a message.
w.Telegram = { ...w.Telegram, WebView: { receiveEvent: receive } };
w.TelegramGameProxy = { receiveEvent: receive };
window.addEventListener("message", (event) => {
  if (!TELEGRAM_ORIGIN.test(event.origin) || typeof event.data !== "string") return;
  try {
    const message = JSON.parse(event.data) as { eventType?: string; eventData?: unknown };
    if (typeof message.eventType === "string") receive(message.eventType, message.eventData);
  } catch {
    // Not a Telegram event.
  }
});

/** True inside a Telegram client (an app's web view, or the web client's frame). */
export const inTelegram =
  typeof w.TelegramWebviewProxy?.postEvent === "function" ||
  typeof w.external?.notify === "function" ||
  window.parent !== window;

export function postEvent(type: string, data: Record<string, unknown> = {}) {
  try {
    if (w.TelegramWebviewProxy) w.TelegramWebviewProxy.postEvent(type, JSON.stringify(data));
    else if (typeof w.external?.notify === "function")
      w.external.notify(JSON.stringify({ eventType: type, eventData: data }));
    else if (window.parent !== window)
      window.parent.postMessage(JSON.stringify({ eventType: type, eventData: data }), "*");
  } catch {
    // A client that refuses an event leaves the page as it is.
  }
}

export function onEvent(type: string, listener: Listener) {
  listeners.set(type, [...(listeners.get(type) ?? []), listener]);
}

/** What Telegram put in the address's fragment when it opened the page. */
export function launchParams(): { initData: string; theme: Record<string, string> } {
  const hash = new URLSearchParams(location.hash.slice(1));
  let theme: Record<string, string> = {};
  try {
    theme = JSON.parse(hash.get("tgWebAppThemeParams") ?? "{}") as Record<string, string>;
  } catch {
    theme = {};
  }
  return { initData: hash.get("tgWebAppData") ?? "", theme };
}

/** Telegram's theme colours as the CSS variables the page's styles read (--tg-theme-bg-color…). */
export function applyTheme(theme: Record<string, unknown>) {
  for (const [key, value] of Object.entries(theme)) {
    if (typeof value === "string" && /^#[0-9a-f]{3,8}$/i.test(value) && /^[a-z_]{1,40}$/.test(key))
      document.documentElement.style.setProperty(`--tg-theme-${key.replace(/_/g, "-")}`, value);
  }
}

/** A link outside Telegram (Stripe's payment page, the website): the system browser, or a new tab. */
export function openLink(url: string) {
  if (inTelegram) postEvent("web_app_open_link", { url });
  else window.open(url, "_blank", "noopener");
}
