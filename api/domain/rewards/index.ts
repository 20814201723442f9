// The rewards feature's front door: what the edges (HTTP, bot, command line) and the other features
// use of it. Outside api/domain/rewards/, import this, never a file inside it.
export { changePromoCode, createPromoCode, promoCodesList, redeemPromo } from "./promo-codes";
export {
  adminReferrals,
  giveDueReferralRewards,
  loadReferralSettings,
  myReferrals,
  referralSubscribers,
  saveReferralSettings,
} from "./referrals";
export { startTrial } from "./trials";
