import type { CreditPurchaseInput, CreditPurchaseResponse } from '../../../../shared/contracts/credits';

/** What the payment step needs: the server's answer and the details it was made for. */
export type PendingPurchase = CreditPurchaseResponse & { details: CreditPurchaseInput };
