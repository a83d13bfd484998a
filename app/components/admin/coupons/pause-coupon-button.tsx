import { PauseIcon, PlayIcon } from "lucide-react";
import { useStaffAction } from "~/components/admin/use-staff-action";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/sonner";
import type { ActionAnswer } from "~/lib/action-answer";

/** Pause or resume a code (the coupons list's action); the list and the code's page both use it. */
export function PauseCouponButton({ coupon }: { coupon: { id: number; code: string; paused: boolean } }) {
  const { submit, busy } = useStaffAction<ActionAnswer<{ paused: boolean }>>(
    (answer) => {
      if (!answer.ok) return toast.error("Code not changed", { description: answer.error });
      toast.success(answer.paused ? `${coupon.code} paused` : `${coupon.code} resumed`);
    },
    { action: "/admin/coupons" },
  );
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      disabled={busy}
      onClick={() => submit({ couponId: String(coupon.id), paused: String(!coupon.paused) })}
    >
      {coupon.paused ? <PlayIcon aria-hidden="true" /> : <PauseIcon aria-hidden="true" />}
      {coupon.paused ? "Resume" : "Pause"}
      <span className="sr-only"> {coupon.code}</span>
    </Button>
  );
}
