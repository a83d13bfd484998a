import { NumberSetting, SettingsCard, SettingsForm } from "~/components/admin/settings-card";
import { useStaffAction } from "~/components/admin/use-staff-action";
import { useForm } from "~/components/forms/use-form";
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
    <SettingsCard
      headingId="order-settings"
      title="Order settings"
      description={
        <>
          A member&apos;s cart becomes an order when the balance does not cover it. These apply to orders made from now
          on; an open order keeps the times it was given.
        </>
      }
      form={canChange ? <OrderSettingsForm settings={settings} /> : null}
      readOnly="Only an owner can change these."
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-slot="order-settings-in-force">
        <dt className="text-muted-foreground">Price hold</dt>
        <dd>{plural(settings.priceHoldHours, "hour")}</dd>
        <dt className="text-muted-foreground">Order open for</dt>
        <dd>{plural(settings.lifetimeDays, "day")}</dd>
      </dl>
    </SettingsCard>
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
    <SettingsForm onSubmit={save} submitLabel="Save order settings" busy={busy}>
      <NumberSetting
        id="order-hold-hours"
        label="Price hold (hours)"
        hint={`${HOLD.min} to ${HOLD.max} hours`}
        error={errorOf("priceHoldHours")}
        {...form.field("priceHoldHours")}
      />
      <NumberSetting
        id="order-lifetime-days"
        label="Order open for (days)"
        hint={`${LIFE.min} to ${LIFE.max} days`}
        error={errorOf("lifetimeDays")}
        {...form.field("lifetimeDays")}
      />
    </SettingsForm>
  );
}
