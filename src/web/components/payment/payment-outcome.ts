/** What a payment form reports back to the payment page, whichever provider took the payment. */
export type PaymentOutcome = { status: 'succeeded' | 'processing' } | { status: 'failed'; message: string };
