// The plans feature's front door: what the edges (HTTP, bot, command line) and the other features
// use of it. Outside api/domain/plans/, import this, never a file inside it.
export { createTier, editTier, listTiersForStaff, removeTier } from "./admin-tiers";
export {
  checkPlanCheckout,
  createPlanInvoice,
  decidePlanRequest,
  listPayments,
  markPaymentRefunded,
  planRequestOf,
  recordPlanPayment,
  refundPayment,
} from "./plan-payments";
export { enqueuePlanReminders } from "./plan-reminders";
export { lapsePlans, setRenewal } from "./plan-renewals";
export { activeTiers, changePlan, readBudget, readPlan } from "./plans";
export { followSubscriptionChange } from "./subscription-changes";
export { unsoldTiers, warnAboutTiersWithoutStars } from "./unsold-tiers";
