// The portal page's one script: exchanges Telegram's signed init data for a portal token, asks
// the server for what to show (HTML it renders) and does what the controls in it say. No React:
// the whole portal loads in a few kilobytes of JavaScript.
import { applyTheme, inTelegram, launchParams, onEvent, openLink, postEvent } from "./telegram-bridge";

type View = { name: string; params: Record<string, string> };
type Answer = { ok?: boolean; error?: string; signedOut?: boolean; [key: string]: unknown };

const TOKEN = "portal-token";
const INIT_DATA = "portal-init-data";
const main = document.getElementById("portal")!;
const status = document.getElementById("portal-status")!;
const backBar = document.getElementById("portal-back-bar")!;
const stack: View[] = [{ name: "home", params: {} }];
let mainAction: HTMLElement | null = null;

function say(text: string) {
  status.textContent = text;
  window.setTimeout(() => {
    if (status.textContent === text) status.textContent = "";
  }, 6000);
}

function endSession(message: string) {
  sessionStorage.removeItem(TOKEN);
  stack.splice(1);
  main.innerHTML = "";
  const p = document.createElement("p");
  p.setAttribute("role", "alert");
  p.textContent = message;
  main.append(p);
  setMainButton(null);
  setBack();
}

async function call(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = sessionStorage.getItem(TOKEN);
  if (token) headers.set("Authorization", `Bearer ${token}`);
  return fetch(path, { ...init, headers, credentials: "omit" });
}

async function post(path: string, body: unknown): Promise<Answer> {
  const response = await call(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => ({ ok: false, error: "Something went wrong." }))) as Answer;
  if (answer.signedOut) endSession(answer.error ?? "Your portal session has ended.");
  return answer;
}

/** The init data is exchanged once; the token then lasts through reloads of this web view. */
async function signIn(): Promise<boolean> {
  if (sessionStorage.getItem(TOKEN)) return true;
  const initData = launchParams().initData || sessionStorage.getItem(INIT_DATA) || "";
  if (!initData) {
    endSession("Open the portal from the bot's menu button in Telegram.");
    return false;
  }
  const answer = await post("/api/portal/session", { initData });
  if (!answer.ok || typeof answer.token !== "string") {
    endSession(answer.error ?? "The portal could not be opened.");
    return false;
  }
  sessionStorage.setItem(TOKEN, answer.token);
  return true;
}

async function show(view: View = stack[stack.length - 1]!) {
  const query = new URLSearchParams({ view: view.name, ...view.params });
  const response = await call(`/api/portal/view?${query}`);
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as Answer;
    if (answer.signedOut) return endSession(answer.error ?? "Your portal session has ended.");
    say(answer.error ?? "Something went wrong.");
    if (stack.length > 1) return back();
    return;
  }
  main.innerHTML = await response.text();
  main.setAttribute("data-view", view.name);
  setMainButton(main.querySelector<HTMLElement>("[data-main]"));
  setBack();
}

function go(view: View) {
  stack.push(view);
  void show(view).then(() => main.focus());
}

function back() {
  if (stack.length > 1) stack.pop();
  void show();
}

function home() {
  stack.splice(1);
  void show();
}

/** Inside Telegram the view's main action moves to Telegram's own main button. */
function setMainButton(element: HTMLElement | null) {
  mainAction = element;
  if (!inTelegram) return;
  if (element) element.hidden = true;
  postEvent("web_app_setup_main_button", {
    is_visible: Boolean(element),
    is_active: Boolean(element),
    text: element?.textContent?.trim() ?? "",
  });
}

function setBack() {
  const visible = stack.length > 1;
  if (inTelegram) postEvent("web_app_setup_back_button", { is_visible: visible });
  else backBar.hidden = !visible;
}

async function act(element: HTMLElement, body: unknown) {
  if (element.getAttribute("aria-busy") === "true") return;
  element.setAttribute("aria-busy", "true");
  if (element === mainAction) postEvent("web_app_setup_main_button", { is_visible: true, is_progress_visible: true });
  try {
    const answer = await post(element.dataset.post!, body);
    if (answer.signedOut) return;
    if (!answer.ok) {
      say(answer.error ?? "Something went wrong.");
      return;
    }
    if (typeof answer.url === "string") openLink(answer.url);
    const done = element.dataset.done ?? (typeof answer.message === "string" ? answer.message : "");
    if (done) say(done);
    if (typeof answer.view === "string") {
      const params = (answer.params ?? {}) as Record<string, string>;
      if (answer.view === "home") home();
      else if (answer.view === main.getAttribute("data-view")) {
        stack[stack.length - 1] = { name: answer.view, params };
        await show();
      } else go({ name: answer.view, params });
    } else if (element.closest("[data-view=buy]") || main.getAttribute("data-view") === "buy") home();
    else await show();
  } catch {
    say("Could not reach the server. Check your connection and try again.");
  } finally {
    element.removeAttribute("aria-busy");
    if (element === mainAction) postEvent("web_app_setup_main_button", { is_progress_visible: false });
  }
}

document.addEventListener("click", (event) => {
  const target = (event.target as HTMLElement).closest<HTMLElement>("[data-view],[data-post],[data-open],[data-copy]");
  if (!target || target instanceof HTMLFormElement) {
    if ((event.target as HTMLElement).closest("#portal-back")) back();
    return;
  }
  if (target.closest("form")) return;
  event.preventDefault();
  if (target.dataset.view)
    go({ name: target.dataset.view, params: JSON.parse(target.dataset.params ?? "{}") as Record<string, string> });
  else if (target.dataset.post) void act(target, JSON.parse(target.dataset.body ?? "{}"));
  else if (target.dataset.open) openLink(target.dataset.open);
  else if (target.dataset.copy)
    void navigator.clipboard?.writeText(target.dataset.copy).then(
      () => say("Copied."),
      () => say("Could not copy: select the text instead."),
    );
});

document.addEventListener("submit", (event) => {
  const form = event.target as HTMLFormElement;
  if (!form.dataset.post) return;
  event.preventDefault();
  const submit = form.querySelector<HTMLElement>("[type=submit]") ?? form;
  submit.dataset.post = form.dataset.post;
  void act(submit, Object.fromEntries(new FormData(form)));
});

onEvent("main_button_pressed", () => mainAction?.click());
onEvent("back_button_pressed", back);
onEvent("theme_changed", (data) => applyTheme((data.theme_params ?? {}) as Record<string, unknown>));
// Back from Stripe's page (or any time the portal is shown again): what changed meanwhile shows.
onEvent("visibility_changed", (data) => {
  if (data.is_visible && sessionStorage.getItem(TOKEN)) void show();
});
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && sessionStorage.getItem(TOKEN)) void show();
});

async function start() {
  const launch = launchParams();
  applyTheme(launch.theme);
  if (launch.initData) sessionStorage.setItem(INIT_DATA, launch.initData);
  postEvent("web_app_ready");
  postEvent("web_app_expand");
  postEvent("web_app_request_theme");
  if (await signIn()) await show();
}

void start().catch(() => say("Could not reach the server. Check your connection and try again."));
