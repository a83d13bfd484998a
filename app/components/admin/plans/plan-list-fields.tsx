import { ArrowDownIcon, ArrowUpIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { MAX_PLAN_FEATURES } from "~/lib/validation/admin/plans";

type ListFieldProps<K extends string> = { [P in K]: string[] } & {
  error?: string;
  onChange: (next: string[]) => void;
};

/** A plan's features, in the order the pricing page shows them: edit, move, remove, add. */
export function PlanFeaturesField({ features, error, onChange }: ListFieldProps<"features">) {
  const move = (i: number, by: -1 | 1) => {
    const next = [...features];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    onChange(next);
  };
  return (
    <fieldset className="grid gap-3 rounded-xl border p-4" aria-describedby={error ? "plan-features-error" : undefined}>
      <legend className="px-1 text-sm font-medium">Features</legend>
      <FieldError id="plan-features-error">{error}</FieldError>
      <ol className="grid gap-2">
        {features.map((feature, i) => (
          <li key={i} className="flex items-center gap-2">
            <Input
              aria-label={`Feature ${i + 1}`}
              value={feature}
              onChange={(event) => onChange(features.map((x, j) => (j === i ? event.target.value : x)))}
            />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Move feature ${i + 1} up`}
              disabled={i === 0}
              onClick={() => move(i, -1)}
            >
              <ArrowUpIcon />
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Move feature ${i + 1} down`}
              disabled={i === features.length - 1}
              onClick={() => move(i, 1)}
            >
              <ArrowDownIcon />
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remove feature ${i + 1}`}
              onClick={() => onChange(features.filter((_, j) => j !== i))}
            >
              <Trash2Icon />
            </Button>
          </li>
        ))}
      </ol>
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={features.length >= MAX_PLAN_FEATURES}
          onClick={() => onChange([...features, ""])}
        >
          <PlusIcon aria-hidden="true" />
          Add feature
        </Button>
      </div>
    </fieldset>
  );
}

/** The Telegram chats a subscription to the plan unlocks (their ids). */
export function PlanTelegramChatsField({ chats, error, onChange }: ListFieldProps<"chats">) {
  return (
    <fieldset className="grid gap-3 rounded-xl border p-4" aria-describedby={error ? "plan-chats-error" : undefined}>
      <legend className="px-1 text-sm font-medium">Telegram chats</legend>
      <p className="text-sm text-muted-foreground">
        The channels or groups a subscription to this plan unlocks (their ids, e.g. -1001234567890). The bot must be an
        administrator there, allowed to invite and ban users. Members already let in are checked against the new list
        within the hour.
      </p>
      <FieldError id="plan-chats-error">{error}</FieldError>
      <ul className="grid gap-2">
        {chats.map((chat, i) => (
          <li key={i} className="flex items-center gap-2">
            <Input
              aria-label={`Telegram chat ${i + 1}`}
              inputMode="numeric"
              value={chat}
              onChange={(event) => onChange(chats.map((x, j) => (j === i ? event.target.value : x)))}
            />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remove Telegram chat ${i + 1}`}
              onClick={() => onChange(chats.filter((_, j) => j !== i))}
            >
              <Trash2Icon />
            </Button>
          </li>
        ))}
      </ul>
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={chats.length >= 10}
          onClick={() => onChange([...chats, ""])}
        >
          <PlusIcon aria-hidden="true" />
          Add Telegram chat
        </Button>
      </div>
    </fieldset>
  );
}
