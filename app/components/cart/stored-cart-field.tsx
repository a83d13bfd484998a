import * as React from "react";
import { signInCartFields } from "~/lib/cart";

/**
 * This tab's cart (app/lib/cart.ts) as a hidden `cart` field, and the code applied to it as
 * `cartCoupon`, for a form whose action hands them to the account (sign-in). Filled after
 * hydration: the server cannot read session storage.
 */
export function StoredCartField() {
  const [value, setValue] = React.useState({ cart: "", cartCoupon: "" });
  React.useEffect(() => {
    const fields = signInCartFields();
    if (fields) setValue(fields);
  }, []);
  return (
    <>
      <input type="hidden" name="cart" value={value.cart} />
      <input type="hidden" name="cartCoupon" value={value.cartCoupon} />
    </>
  );
}
