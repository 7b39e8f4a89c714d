/**
 * What a gift voucher may be (issue 29), in a module of their own, free of zod: the buy form shows them
 * from its first paint, and loads the contract's schema (src/shared/contracts/gift-vouchers.ts) only once
 * the visitor starts on it.
 */
export const GIFT_VOUCHER_MIN_PENCE = 1000;
export const GIFT_VOUCHER_MAX_PENCE = 20000;
export const GIFT_VOUCHER_MESSAGE_MAX = 300;
/** The send date may be today or up to this many days ahead. */
export const GIFT_VOUCHER_SEND_DAYS_AHEAD = 90;
