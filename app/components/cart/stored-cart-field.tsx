import * as React from "react";
import { readCart } from "~/lib/cart";

/**
 * This tab's cart (app/lib/cart.ts) as a hidden `cart` field, for a form whose action hands it
 * to the account (sign-in). Filled after hydration: the server cannot read session storage.
 */
export function StoredCartField() {
  const [value, setValue] = React.useState("");
  React.useEffect(() => {
    const cart = readCart();
    if (cart && cart.planIds.length > 0) setValue(JSON.stringify(cart));
  }, []);
  return <input type="hidden" name="cart" value={value} />;
}
