import { keepMemberCart } from "./keep-member-cart";

/** The dashboard's `keep` for `usePlanCart`: the member's cart written to their account as they change it. */
export function useKeepCart() {
  return keepMemberCart;
}
