import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeCheckbox } from "~/components/ui/native-checkbox";
import {
  AUDIENCE_STATUS_LABELS,
  BROADCAST_CHANNELS,
  CHANNEL_LABELS,
  type AudienceStatus,
  type BroadcastChannel,
} from "~/lib/broadcasts";
import type { BroadcastPlanChoice } from "~/lib/view-types/admin/broadcasts";

export type AudienceValues = {
  channel: BroadcastChannel;
  statuses: AudienceStatus[];
  planIds: number[];
  endedWithinDays: string;
};

const toggled = <T,>(list: T[], item: T) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);

const fieldsetClass = "grid min-w-0 gap-3 rounded-xl border p-4";

/** The way (bot, email or both) and the audience: statuses, the days for "ended", the plans. */
export function AudienceFields({
  values,
  plans,
  errors,
  onChange,
}: {
  values: AudienceValues;
  plans: BroadcastPlanChoice[];
  errors: { channel?: string; audience?: string };
  onChange: <K extends keyof AudienceValues>(key: K, value: AudienceValues[K]) => void;
}) {
  return (
    <>
      <fieldset className={fieldsetClass} aria-describedby={errors.channel ? "broadcast-channel-error" : undefined}>
        <legend className="px-1 text-sm font-medium">Send by</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {BROADCAST_CHANNELS.map((channel) => (
            <label key={channel} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="broadcast-channel"
                value={channel}
                checked={values.channel === channel}
                onChange={() => onChange("channel", channel)}
                className="size-4 accent-primary"
              />
              {CHANNEL_LABELS[channel]}
            </label>
          ))}
        </div>
        <FieldError id="broadcast-channel-error">{errors.channel}</FieldError>
      </fieldset>

      <fieldset className={fieldsetClass} aria-describedby={errors.audience ? "broadcast-audience-error" : undefined}>
        <legend className="px-1 text-sm font-medium">Audience (members in any ticked group)</legend>
        <div className="grid gap-2">
          <label className="flex items-center gap-2 text-sm">
            <NativeCheckbox
              checked={values.statuses.includes("active")}
              onChange={() => onChange("statuses", toggled(values.statuses, "active"))}
            />
            {AUDIENCE_STATUS_LABELS.active} (a plan running now)
          </label>
          <label className="flex items-center gap-2 text-sm">
            <NativeCheckbox
              checked={values.statuses.includes("trial")}
              onChange={() => onChange("statuses", toggled(values.statuses, "trial"))}
            />
            {AUDIENCE_STATUS_LABELS.trial} (a free trial running now, not paid yet)
          </label>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <label className="flex items-center gap-2">
              <NativeCheckbox
                checked={values.statuses.includes("ended")}
                onChange={() => onChange("statuses", toggled(values.statuses, "ended"))}
              />
              Ended in the last
            </label>
            <Label htmlFor="broadcast-days" className="sr-only">
              Days since it ended
            </Label>
            <Input
              id="broadcast-days"
              inputMode="numeric"
              className="h-8 w-20"
              value={values.endedWithinDays}
              onChange={(event) => onChange("endedWithinDays", event.target.value)}
            />
            <span aria-hidden="true">days</span>
          </div>
          <label className="flex items-center gap-2 text-sm">
            <NativeCheckbox
              checked={values.statuses.includes("never_paid")}
              onChange={() => onChange("statuses", toggled(values.statuses, "never_paid"))}
            />
            {AUDIENCE_STATUS_LABELS.never_paid}
          </label>
        </div>
        {plans.length > 0 ? (
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">Plans (for Active and Ended; none ticked: any plan)</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {plans.map((plan) => (
                <label key={plan.id} className="flex items-center gap-2 text-sm">
                  <NativeCheckbox
                    checked={values.planIds.includes(plan.id)}
                    onChange={() => onChange("planIds", toggled(values.planIds, plan.id))}
                  />
                  {plan.name}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <FieldError id="broadcast-audience-error">{errors.audience}</FieldError>
      </fieldset>
    </>
  );
}
