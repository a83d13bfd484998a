import * as React from "react";
import { toast } from "~/components/ui/sonner";
import type { ActionAnswer, ActionFailure } from "~/lib/action-answer";

export type FieldErrors = Record<string, string>;

/** A refusal to show: the server's text (none when the browser's own check refused) and the messages per field. */
export type Refusal = { error?: string; fieldErrors: FieldErrors };

/** What a form is checked with: the zod schema the server parses the same request with (app/lib/validation/). */
type Schema<Out> = {
  safeParse: (
    input: unknown,
  ) =>
    | { success: true; data: Out }
    | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
};

type FormOptions<V> = {
  /** The values the form starts (and each `reset` starts again) from; leave out for a form the browser reads (a route `<Form>`). */
  initial?: V;
  /**
   * A route action's answer (`useActionData`): its field messages show at once, in the
   * server-rendered page too, and its refusal is shown each time a new one arrives.
   */
  answer?: ActionAnswer | null;
  /**
   * How a refusal shows: a title gives a toast with the text as its description; "inline"
   * shows nothing (the component shows `error`); a function does it its own way. By default, a
   * toast of the text. The text is the server's, or the first field message.
   */
  refusal?: string | "inline" | ((refusal: Refusal) => void);
  /** Typing in a field takes its message away. */
  clearOnChange?: boolean;
  /** Leaving a field checks it with the schema (its message only, no toast). */
  checkOnBlur?: boolean;
};

/** The first message per field ("form" for one about the whole input), as the server's `fieldErrors` has them. */
function messagesOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) out[String(issue.path[0] ?? "form")] ??= issue.message;
  return out;
}

const refusalOf = (answer: ActionAnswer | null | undefined): ActionFailure | undefined =>
  answer && !answer.ok ? answer : undefined;

function show(refusal: Refusal, how: FormOptions<unknown>["refusal"]) {
  if (how === "inline") return;
  if (typeof how === "function") return how(refusal);
  const text = refusal.error ?? Object.values(refusal.fieldErrors)[0];
  if (how === undefined) toast.error(text);
  else toast.error(how, { description: text });
}

/**
 * One form's state: its values, the message under each field (from the shared schema before
 * anything is sent, or from the server's `fieldErrors`) and the refusal, shown as the form's
 * `refusal` option says. `submit(schema, send)` checks the values and sends what the schema
 * made of them; `check(schema)` checks a route `<Form>` the browser posts itself.
 */
export function useForm<V extends Record<string, unknown> = Record<string, never>>(options: FormOptions<V> = {}) {
  const { initial, answer, refusal: how, clearOnChange = false, checkOnBlur = false } = options;
  const [values, setValues] = React.useState<V>(() => initial ?? ({} as V));
  const [errors, setErrors] = React.useState<FieldErrors>(() => refusalOf(answer)?.fieldErrors ?? {});
  const [error, setError] = React.useState<string | undefined>(() => refusalOf(answer)?.error);
  const latestHow = React.useRef(how);
  const latestInitial = React.useRef(initial);
  React.useEffect(() => {
    latestHow.current = how;
    latestInitial.current = initial;
  });

  // A new answer from the route's action replaces the messages during the render, so a page
  // rendered on the server (a form posted without JavaScript) shows them as well.
  const [seen, setSeen] = React.useState(answer);
  if (answer !== seen) {
    setSeen(answer);
    setErrors(refusalOf(answer)?.fieldErrors ?? {});
    setError(refusalOf(answer)?.error);
  }
  React.useEffect(() => {
    const failure = refusalOf(answer);
    if (failure) show({ error: failure.error, fieldErrors: failure.fieldErrors ?? {} }, latestHow.current);
  }, [answer]);

  const refuse = React.useCallback((failure: Pick<ActionFailure, "error" | "fieldErrors">) => {
    setErrors(failure.fieldErrors ?? {});
    setError(failure.error);
    show({ error: failure.error, fieldErrors: failure.fieldErrors ?? {} }, latestHow.current);
  }, []);

  const refuseInput = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) => {
    const problems = messagesOf(issues);
    setErrors(problems);
    setError(undefined);
    show({ fieldErrors: problems }, latestHow.current);
  };

  /** A submit handler: checks the values with `schema`, then hands what it made of them to `send`. */
  const submit =
    <Out>(schema: Schema<Out>, send: (data: Out) => void, input: unknown = values) =>
    (event?: React.FormEvent) => {
      event?.preventDefault();
      const parsed = schema.safeParse(input);
      if (!parsed.success) return refuseInput(parsed.error.issues);
      setErrors({});
      setError(undefined);
      send(parsed.data);
    };

  /**
   * A route `<Form>`'s submit handler: the browser posts it only when `schema` accepts what it
   * holds; without a schema yet (one still loading, use-lazy-schema.ts) the server checks it.
   */
  const check = (schema: Schema<unknown> | undefined) => (event: React.FormEvent<HTMLFormElement>) => {
    if (!schema) return;
    const parsed = schema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (parsed.success) return;
    event.preventDefault();
    refuseInput(parsed.error.issues);
  };

  const setValue = <K extends keyof V>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (clearOnChange) {
      setErrors((e) => ({ ...e, [key]: "" }));
      setError(undefined);
    }
  };

  const checkField = (key: string, schema: Schema<unknown>, input: unknown) => {
    const parsed = schema.safeParse(input);
    const message = parsed.success ? undefined : messagesOf(parsed.error.issues)[key];
    setErrors((e) => ({ ...e, [key]: message ?? "" }));
  };

  // A control rendered on the server can be typed in before its script hydrates it (a form below
  // the fold hydrates only as it comes into view). React would then hold it to the value it was
  // rendered with and drop what was typed; so when the control is attached, what it holds wins.
  // Only on the form's first commit (hydration): a control attached later (a dialog opening, a
  // field shown by a status change) holds what React rendered, or what the browser made of it (a
  // date input's own format), and taking that over would change the form behind its owner's back.
  const latestValues = React.useRef(values);
  const committed = React.useRef(false);
  React.useEffect(() => {
    latestValues.current = values;
  });
  React.useEffect(() => {
    committed.current = true;
  }, []);
  const keepers = React.useRef(new Map<string, (element: HTMLInputElement | HTMLTextAreaElement | null) => void>());
  const keepTyped = (key: keyof V & string) => {
    let keep = keepers.current.get(key);
    if (!keep) {
      keep = (element) => {
        if (!committed.current && element && element.value !== String(latestValues.current[key] ?? ""))
          setValues((v) => ({ ...v, [key]: element.value }));
      };
      keepers.current.set(key, keep);
    }
    return keep;
  };

  /** The props of a text control bound to `key`: its value, its change (and, with `checkOnBlur` and a schema, its check). */
  const field = <K extends keyof V & string>(key: K, schema?: Schema<unknown>) => ({
    ref: keepTyped(key),
    value: String(values[key] ?? ""),
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValue(key, event.target.value as V[K]),
    onBlur: checkOnBlur && schema ? () => checkField(key, schema, values) : undefined,
    "aria-invalid": Boolean(errors[key]) || undefined,
  });

  /** Starts again from `next`, or from `initial`: no value or message of an earlier opening stays. */
  const reset = React.useCallback((next?: V) => {
    const start = next ?? latestInitial.current;
    if (start !== undefined) setValues(start);
    setErrors({});
    setError(undefined);
  }, []);

  return { values, setValues, setValue, field, errors, setErrors, error, refuse, submit, check, reset };
}
