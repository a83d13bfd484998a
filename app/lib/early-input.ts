/**
 * The page's first script, inline (entry.server writes it with the response's nonce): it keeps
 * what a visitor does before React has hydrated the part of the page they touched, and hands it
 * over once React has.
 *
 * A page paints before its scripts arrive (decision 095), and on a slow phone that moment can
 * last seconds. Links, <details>, popovers and forms with an action work in it as plain HTML, and
 * are left alone. A control that only React can answer (a button that opens a dialog, a tab, a
 * form with no action) would do nothing: its tap is kept instead (the control shows it is busy:
 * `aria-busy` and `data-early-tap`, styled in app.css) and played again, as the same press and
 * click, once React has hydrated that control. A second tap on the same control while it waits
 * is dropped (played twice, a menu would open and close again); a tap on another control replaces
 * the one waiting. What was typed or chosen in a field before then reaches the component's state
 * too: React keeps such a value on the screen when it hydrates but does not tell the component,
 * so the field is given its value again, past React's record of it, with the event React listens
 * to. A kept field is followed until its value is played, even once React has it: keys typed
 * between React rendering the field and the next play would otherwise be overwritten by the older
 * value. After 10 s without React (scripts failed or blocked), everything kept is let go.
 *
 * "Hydrated" is read from React's own key on the element (`__reactFiber$…`): it is there once
 * React has rendered the element on the client, including controls inside parts that hydrate
 * later (a lazily loaded section), which a single "the page has hydrated" signal would miss.
 */
const script = `(() => {
  const w = window;
  const kept = new Map();
  let tap = null;
  let timer = 0;
  let since = 0;
  let pointerType = "mouse";
  const hydrated = (el) => Object.keys(el).some((key) => key.startsWith("__reactFiber$"));
  const busy = (el, on) => {
    if (on) {
      el.setAttribute("data-early-tap", "");
      el.setAttribute("aria-busy", "true");
    } else {
      el.removeAttribute("data-early-tap");
      el.removeAttribute("aria-busy");
    }
  };
  const replayValue = (el, value) => {
    const proto = Object.getPrototypeOf(el);
    if (el.type === "checkbox" || el.type === "radio") {
      el.checked = !value;
      if (el.checked !== value) el.click();
      return;
    }
    const set = Object.getOwnPropertyDescriptor(proto, "value").set;
    if (el.tagName !== "SELECT") el.value = value === "" ? " " : "";
    set.call(el, value);
    el.dispatchEvent(new Event(el.tagName === "SELECT" ? "change" : "input", { bubbles: true }));
  };
  const replayTap = (kept) => {
    if (kept.form) return kept.form.requestSubmit(kept.submitter || undefined);
    const target = kept.target.isConnected && kept.el.contains(kept.target) ? kept.target : kept.el;
    const press = { bubbles: true, cancelable: true, composed: true, button: 0, isPrimary: true, pointerId: 1, pointerType: kept.pointerType };
    target.dispatchEvent(new PointerEvent("pointerdown", { ...press, buttons: 1 }));
    target.dispatchEvent(new MouseEvent("mousedown", { ...press, buttons: 1 }));
    target.dispatchEvent(new PointerEvent("pointerup", press));
    target.dispatchEvent(new MouseEvent("mouseup", press));
    target.dispatchEvent(new MouseEvent("click", { ...press, detail: 1 }));
  };
  const flush = () => {
    const late = Date.now() - since > 10000;
    for (const [el, value] of kept) {
      if (!el.isConnected || late) kept.delete(el);
      else if (hydrated(el)) {
        kept.delete(el);
        replayValue(el, value);
      }
    }
    if (tap && (!tap.el.isConnected || late || hydrated(tap.el))) {
      const waiting = tap;
      tap = null;
      busy(waiting.el, false);
      if (waiting.el.isConnected && !late) replayTap(waiting);
    }
    if (!tap && kept.size === 0) {
      clearInterval(timer);
      timer = 0;
    }
  };
  const wait = () => {
    since = Date.now();
    if (!timer) timer = setInterval(flush, 50);
  };
  const keep = (entry) => {
    if (tap) busy(tap.el, false);
    tap = entry;
    busy(entry.el, true);
    wait();
  };
  w.addEventListener("pointerdown", (event) => (pointerType = event.pointerType || "mouse"), true);
  w.addEventListener(
    "click",
    (event) => {
      const target = event.target;
      if (!(target instanceof Element)) return;
      const el = target.closest(
        "a[href],summary,label,select,textarea,input,button,[role=button],[role=tab],[role=menuitem],[role=switch],[role=checkbox],[role=option],[role=combobox]",
      );
      if (!el || hydrated(el)) return;
      if (el.matches("a[href],summary,label,select,textarea,input:not([type=submit],[type=button],[type=image],[type=reset])")) return;
      if (el.hasAttribute("popovertarget") || el.hasAttribute("commandfor")) return;
      const form = el.form;
      const submits = form && (el.type === "submit" || el.type === "image");
      if (submits && (form.hasAttribute("action") || form.hasAttribute("method"))) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (tap && tap.el === el) return;
      keep({ el, target, pointerType });
    },
    true,
  );
  w.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (hydrated(form) || form.hasAttribute("action") || form.hasAttribute("method")) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      keep({ el: event.submitter || form, form, submitter: event.submitter });
    },
    true,
  );
  const typed = (event) => {
    const el = event.target;
    if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement)) return;
    if ((hydrated(el) && !kept.has(el)) || el.type === "file") return;
    if (el.type === "radio" && el.name)
      for (const other of kept.keys()) if (other.type === "radio" && other.name === el.name) kept.delete(other);
    kept.set(el, el.type === "checkbox" || el.type === "radio" ? el.checked : el.value);
    wait();
  };
  w.addEventListener("input", typed, true);
  w.addEventListener("change", typed, true);
})();`;

/** The script's text, without the indentation (the page cache hashes it as written). */
export const EARLY_INPUT_SCRIPT = script.replace(/\n\s*/g, "");
