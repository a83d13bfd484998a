import * as React from "react";
import { readCart, readCartCoupon } from "~/lib/cart";

/**
 * This tab's cart (app/lib/cart.ts) as a hidden `cart` field, and the code applied to it as
 * `cartCoupon`, for a form whose action hands them to the account (sign-in). Filled after
 * hydration: the server cannot read session storage.
 */
export function StoredCartField() {
  const [value, setValue] = React.useState({ cart: "", code: "" });
  React.useEffect(() => {
    const cart = readCart();
    if (cart && cart.planIds.length > 0) setValue({ cart: JSON.stringify(cart), code: readCartCoupon() ?? "" });
  }, []);
  return (
    <>
      <input type="hidden" name="cart" value={value.cart} />
      <input type="hidden" name="cartCoupon" value={value.code} />
    </>
  );
}
