/**
 * The till's sales, as other folders call them: the card reader (./card-reader, issue 48's card work) reports
 * a card's result through markTillSaleCardResult.
 */
export { createTillSale, recordTillSale } from './create-sale';
export { markTillSaleCardResult, type CardResult } from './card-result';
export { refundTillSale } from './refund-sale';
export { voidTillSale } from './void-sale';
export { loadSale } from './sale-view';
