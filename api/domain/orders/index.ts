// The orders feature's front door: what the edges (HTTP, bot, command line) and the other features
// use of it. Outside api/domain/orders/, import this, never a file inside it.

export { keepCart, keptCart } from "./cart";
export { remindCarts } from "./cart-reminders";
export {
  cancelOwnOrder,
  changeOrderStatus,
  checkoutWithCredits,
  orderForStaff,
  orderOfMember,
  ordersForStaff,
  ordersOf,
} from "./checkout";
export { checkoutWithStorefront } from "./storefront-checkout";
