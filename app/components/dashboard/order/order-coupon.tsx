import { useForm } from "~/components/forms/use-form";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import type { OrderPaidAnswer } from "~/lib/billing/money-messages";
import { orderCouponSchema } from "~/lib/validation/dashboard/orders";
import { useMemberAction, type ActionAnswer } from "../use-member-action";
import { toastOrderPaid } from "./use-paid-order-toast";

/**
 * The order's coupon code: type one and the order is priced again with it (the discount line and
 * the new total show above at once); an order priced with a code can have it taken off. A refused
 * code says why under the field.
 */
export function OrderCoupon({ orderId, code }: { orderId: string; code: string | null }) {
  const form = useForm<{ couponCode: string }>({ initial: { couponCode: "" }, refusal: "inline" });
  const action = useMemberAction<ActionAnswer<OrderPaidAnswer>>(
    (answer) => {
      if (!answer.ok) return form.refuse(answer);
      form.reset();
      toastOrderPaid(answer, "Order updated");
    },
    { action: "/api/dashboard/orders/coupon" },
  );
  const apply = form.submit(orderCouponSchema.pick({ couponCode: true }), ({ couponCode }) => {
    if (couponCode) void action.submit({ orderId, couponCode });
  });
  if (code) {
    return (
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span>
          Code <span className="font-mono font-medium">{code}</span> applied.
        </span>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={action.busy}
          onClick={() => action.submit({ orderId, couponCode: "" })}
        >
          Remove code
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={apply} noValidate aria-label="Order discount" className="flex flex-wrap items-end gap-3">
      <FormField id="order-coupon" label="Coupon code" error={form.errors.couponCode ?? form.error}>
        <Input
          id="order-coupon"
          autoComplete="off"
          className="w-56 font-mono uppercase"
          {...form.field("couponCode")}
        />
      </FormField>
      <Button type="submit" variant="outline" disabled={action.busy}>
        {action.busy ? "Applying..." : "Apply"}
      </Button>
    </form>
  );
}
