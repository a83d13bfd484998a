import { useStaffAction } from "~/components/admin/use-staff-action";
import { useForm } from "~/components/forms/use-form";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/sonner";
import type { ActionAnswer } from "~/lib/action-answer";
import { ORDER_SETTING_LIMITS, type OrderSettings } from "~/lib/orders";
import { plural } from "~/lib/plural";
import { orderSettingsSchema } from "~/lib/validation/admin/order-settings";

const { priceHoldHours: HOLD, lifetimeDays: LIFE } = ORDER_SETTING_LIMITS;

const describe = (s: OrderSettings) =>
  `Prices held ${plural(s.priceHoldHours, "hour")}, orders open ${plural(s.lifetimeDays, "day")}.`;

/**
 * The order settings: how long a new order's prices are held (then it is priced again before any
 * charge) and how long it stays open (then it expires, money paid staying as balance). An owner
 * changes them; anyone else who sees money reads them and is told who can.
 */
export function OrderSettingsCard({ settings, canChange }: { settings: OrderSettings; canChange: boolean }) {
  return (
    <section aria-labelledby="order-settings" className="grid max-w-xl gap-4 rounded-lg border p-4">
      <div className="grid gap-1">
        <h2 id="order-settings" className="text-lg font-semibold">
          Order settings
        </h2>
        <p className="text-sm text-muted-foreground">
          A member&apos;s cart becomes an order when the balance does not cover it. These apply to orders made from now
          on; an open order keeps the times it was given.
        </p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-slot="order-settings-in-force">
        <dt className="text-muted-foreground">Price hold</dt>
        <dd>{plural(settings.priceHoldHours, "hour")}</dd>
        <dt className="text-muted-foreground">Order open for</dt>
        <dd>{plural(settings.lifetimeDays, "day")}</dd>
      </dl>
      {canChange ? (
        <OrderSettingsForm settings={settings} />
      ) : (
        <p className="text-sm text-muted-foreground">Only an owner can change these.</p>
      )}
    </section>
  );
}

function OrderSettingsForm({ settings }: { settings: OrderSettings }) {
  const initial = { priceHoldHours: String(settings.priceHoldHours), lifetimeDays: String(settings.lifetimeDays) };
  const form = useForm({ initial, clearOnChange: true, refusal: "Order settings not saved" });
  const { submit, busy } = useStaffAction<ActionAnswer<{ settings: OrderSettings }>>((answer) => {
    if (!answer.ok) return form.refuse(answer);
    toast.success("Order settings saved", { description: `${describe(answer.settings)} New orders get these.` });
  });
  const save = form.submit(orderSettingsSchema, () => void submit(form.values));
  const errorOf = (key: "priceHoldHours" | "lifetimeDays") => form.errors[key] || undefined;
  return (
    <form onSubmit={save} noValidate className="grid gap-4 sm:grid-cols-2">
      <FormField
        id="order-hold-hours"
        label="Price hold (hours)"
        hint={`${HOLD.min} to ${HOLD.max} hours`}
        error={errorOf("priceHoldHours")}
      >
        <Input
          id="order-hold-hours"
          inputMode="numeric"
          autoComplete="off"
          {...form.field("priceHoldHours")}
          aria-describedby={errorOf("priceHoldHours") ? "order-hold-hours-error" : undefined}
        />
      </FormField>
      <FormField
        id="order-lifetime-days"
        label="Order open for (days)"
        hint={`${LIFE.min} to ${LIFE.max} days`}
        error={errorOf("lifetimeDays")}
      >
        <Input
          id="order-lifetime-days"
          inputMode="numeric"
          autoComplete="off"
          {...form.field("lifetimeDays")}
          aria-describedby={errorOf("lifetimeDays") ? "order-lifetime-days-error" : undefined}
        />
      </FormField>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy}>
          Save order settings
        </Button>
      </div>
    </form>
  );
}
