import { bookingSeller } from './bookings/booking-seller';
import { cafeOrderSeller } from './cafe-orders/cafe-order-seller';
import { creditPurchaseSeller } from './credits/credit-seller';
import { eventSeller } from './events/event-seller';
import { giftVoucherSeller } from './gift-vouchers/gift-voucher-seller';
import { membershipSeller } from './memberships/membership-seller';
import { partySeller } from './parties/party-seller';
import { SellerRegistry } from './payments/sellers';
import { tillSeller } from './till/till-seller';

/**
 * Everything a family can pay for, registered with payments when the app is composed: payments imports
 * none of these folders (DECISIONS.md "Domains point one way"). A new product adds one line here.
 */
export function composeSellers(): SellerRegistry {
  return new SellerRegistry()
    .register(bookingSeller)
    .register(creditPurchaseSeller)
    .register(partySeller)
    .register(giftVoucherSeller)
    .register(membershipSeller)
    .register(tillSeller)
    .register(eventSeller)
    .register(cafeOrderSeller);
}
