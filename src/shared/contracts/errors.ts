/**
 * Every error code the API answers with, and its HTTP status: the one place a status is chosen
 * (docs/decisions/011-error-catalogue.md). The server throws a code, the web app switches on the same type,
 * so a code that is not listed here fails typecheck on both sides.
 */
export const errorCatalogue = {
  // The request itself is malformed (parsing, framework refusals, signatures).
  invalid_input: 400,
  invalid_json: 400,
  invalid_content_length: 400,
  /** A framework refusal we have no better code for; it keeps the framework's 4xx (see http/errors.ts). */
  bad_request: 400,
  bad_url: 400,
  invalid_range: 400,
  invalid_signature: 400,
  body_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,

  // Staff sign-in and the kiosk.
  invalid_credentials: 401,
  sign_in_required: 401,
  /** A family's own data (credits, points, My Bookings) needs the e-mailed code first. */
  family_session_required: 401,
  /** A child a live membership covers, or named on a future booking, removed from the profile (issue 46). */
  child_in_use: 409,
  kiosk_not_enabled: 401,
  forbidden: 403,
  /** GET /metrics with METRICS_TOKEN set, without that bearer token. */
  metrics_token_required: 401,

  // Something named by the request does not exist.
  not_found: 404,
  booking_not_found: 404,
  ticket_not_found: 404,
  payment_not_found: 404,
  invalid_link: 404,
  unknown_payment_intent: 404,

  // Booking: the order cannot be taken as sent.
  date_out_of_range: 400,
  session_required: 400,
  session_closed: 400,
  total_mismatch: 400,
  unknown_ticket_type: 400,
  ticket_not_available: 400,
  voucher_invalid: 400,
  voucher_not_for_booking: 400,
  voucher_needs_child: 400,
  capacity_exhausted: 409,
  session_unavailable: 409,
  voucher_held: 409,
  voucher_used: 409,
  payment_canceled: 409,
  not_cancellable: 409,
  too_late_to_cancel: 409,
  not_confirmed: 409,
  /** A staff refund larger than what is left of the booking's payment. */
  refund_too_large: 400,
  /** A staff move to a date or session whose tickets cost a different amount. */
  price_changed: 409,
  /** A staff move to the session the booking is already in. */
  same_session: 400,

  // Check-in and check-out.
  already_checked_in: 409,
  already_checked_out: 409,
  not_checked_in: 409,
  walk_in_conflict: 409,
  cancelled: 409,
  unpaid: 409,
  wrong_day: 409,
  /** A kiosk handle (a search or scan result) older than its 10 minutes. */
  search_expired: 410,

  // E-mailed codes (the family's sign-in) and loyalty points.
  invalid_code: 400,
  code_expired: 400,
  insufficient_points: 409,
  points_mismatch: 409,

  // Staff tools: calendar restrictions, enquiries, accounts.
  date_in_past: 400,
  date_too_far: 400,
  already_blocked: 409,
  /** A session's capacity for a date set below the places already taken there. */
  capacity_below_taken: 409,
  not_a_party: 409,
  username_taken: 409,
  /** A new password that is trivially weak or one of the shipped common passwords. */
  weak_password: 400,
  /** Changing one's own password: the current one was wrong (a 400, not a 401: the session is still good). */
  wrong_current_password: 400,
  /** Deactivating or resetting one's own account from the admin list. */
  own_account: 409,
  voucher_not_found: 404,
  /** A booking voucher (10% off, free session) shown at the till: it is used online. */
  voucher_not_for_venue: 409,
  // The catalogue editors (DECISIONS.md "The venue owns its catalogue").
  stale_version: 409,
  agreement_changed: 409,
  sessions_in_use: 409,
  not_an_image: 400,
  photo_too_large: 413,
  file_too_large: 413,

  // Too many requests.
  rate_limited: 429,
  too_many_pending_payments: 429,

  // Our side or a service we depend on.
  internal: 500,
  payment_unavailable: 502,
  provider_unavailable: 503,
  webhook_not_configured: 503,
  busy: 503,
  unavailable: 503,

  // Parties booked online (issue 28, server/parties).
  /** The last free room (or, for Private Hire, the barn) in that slot went to someone else first. */
  party_slot_taken: 409,
  party_children_out_of_range: 400,
  /** A slot the package may not be booked in, or no such slot. */
  party_slot_not_allowed: 400,
  /** A date in the past, a slot already started, or beyond the booking horizon. */
  party_date_out_of_range: 400,
  /** The venue is closed then (a closure in the catalogue). */
  party_date_closed: 409,
  party_not_found: 404,
  /** Numbers change only until 7 days before the party. */
  party_change_too_late: 409,
  /** A held party whose hold ran out and whose room went to another family. */
  party_hold_expired: 409,
  /** A party voucher code for another reward: only the VIP Party Discount applies to a party. */
  voucher_not_for_party: 400,
  /** New numbers that would cost less than the family has already paid (nothing is refunded online). */
  party_below_paid: 409,
  /** Nothing is left to pay on the party. */
  party_nothing_due: 409,
  /** A party that cannot be paid for now (cancelled, or its hold ran out). */
  party_not_payable: 409,
  /** Guest invitations (server/parties/guests): more addresses than the children booked. */
  party_invitations_over: 400,
  /** Invitations go out only for a confirmed party that has not happened yet. */
  party_invitations_closed: 409,
  /** An unknown invitation link, or one 7 days past its party (the same answer). */
  party_invitation_not_found: 404,
  /** Replies close once the party day is over. */
  party_rsvp_closed: 409,

  // Gift vouchers (issue 29, server/gift-vouchers).
  /** A code that matches no paid voucher: the same answer however close it was. */
  gift_voucher_not_found: 404,
  /** Past its expiry date: the message says the date. */
  gift_voucher_expired: 409,
  /** Voided by staff, or reissued under a new code. */
  gift_voucher_void: 409,
  /** Nothing left on it to spend. */
  gift_voucher_spent: 409,
  /** A staff action on a voucher that is not active (unpaid, already void). */
  gift_voucher_not_active: 409,
  /** A gift voucher code in a booking's voucherCode field: the order cannot be taken as sent (field message). */
  gift_code_unknown: 400,
  gift_code_expired: 400,
  gift_code_void: 400,
  gift_code_spent: 400,
  // The waiting list (issue 29, server/waiting-list).
  /** A session with room for the places asked for: book them instead. */
  waiting_list_not_full: 409,
  /** The family already waits (or holds an offer) for that date and session. */
  waiting_list_duplicate: 409,
  /** No such entry of this family's (another family's id answers the same). */
  waiting_list_entry_not_found: 404,
  /** An offer token that is unknown, expired, used, or for another date, session or address. */
  waiting_list_offer_invalid: 400,
  /** A staff offer for an entry whose places do not fit (or that is not waiting). */
  waiting_list_no_room: 409,
  // The staff Parties tab (server/parties/staff).
  /** A staff move to the date and slot the party already has. */
  party_same_slot: 400,
  /** A move of a party that is cancelled, expired or already over. */
  party_not_movable: 409,
  // Memberships (issue 40, server/memberships).
  /** A plan not on sale (or no such plan). */
  plan_not_on_sale: 400,
  /** A child chosen is already covered by a live membership. */
  already_member: 409,
  /** The membership is not in a state that allows this (already ended, not paused, ...). */
  membership_state: 409,
  /** The 14-day cooling-off cancellation asked for after the 14 days. */
  cooling_off_over: 409,
  /** A member card at the kiosk when the membership does not pay for a visit now (day, visit used, paused). */
  not_covered: 409,

  // The counter till (issue 48).
  /** A cafe or shop item switched off, or entry with no session to sell (or too few places). */
  item_unavailable: 409,
  /** A till already has an open session (one per till). */
  till_already_open: 409,
  /** A closed till session never changes: no sale, cash movement or close on it. */
  till_session_closed: 409,
  /** Another staff member's till session: they sell on it, or switch user first. */
  not_your_till: 403,
  /** Cash handed over is less than what is due. */
  cash_short: 400,
  /** No card reader is set up, or the one named cannot take a payment now. */
  reader_unavailable: 409,
  /** A sale that cannot be refunded as asked (unpaid, more than was sold, already refunded). */
  not_refundable: 409,
  /** A staff member's refund more than 10 minutes after the sale: an admin refunds it. */
  refund_window_over: 403,
  /** A void of a sale that is already paid (refund it instead). */
  not_voidable: 409,
  /** A till closed while a sale on it still waits for its card: finish or cancel it first. */
  till_sale_waiting: 409,
  /** A receipt asked for a sale that is not paid (waiting for its card, declined or cancelled). */
  sale_not_paid: 409,

  // Special events and the fair drop (issue 51, server/events).
  /** No such event (or slot of it). */
  event_not_found: 404,
  /** The waiting room is not open yet (it opens 30 minutes before sale), or the event does not use one. */
  queue_not_open: 409,
  /** The proof of work is missing, wrong, expired or already used. */
  proof_of_work_invalid: 400,
  /** A queue ticket we did not sign for this event. */
  queue_ticket_invalid: 404,
  /** An admission token that is missing, forged, expired or for another event. */
  admission_invalid: 403,
  /** An admission token that already made its hold (one hold per token). */
  admission_used: 409,
  /** More places than the event allows one family (by proven e-mail, across tokens). */
  family_cap_reached: 409,
  /** The event is not on sale yet. */
  event_not_on_sale: 409,
  // The counter till's card readers and quick switching (issue 48).
  /** Registering a reader needs Stripe: TEST MODE has only its built-in simulated reader. */
  terminal_not_configured: 409,
  /** A PIN of one repeated digit or a straight run (1234, 0000): easily guessed over a shoulder. */
  weak_pin: 400,
  /** Five wrong PINs in a row: the PIN is locked for 15 minutes (the password still works). */
  pin_locked: 423,
  // Orders from the table (issue 49).
  /** An order sent while the cafe is closed (the venue's hours): the menu says when ordering opens. */
  cafe_closed: 409,
  /** The same requestId sent again for another table. */
  request_id_reused: 409,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof errorCatalogue;

/** Every 4xx/5xx from the API carries this body; the UI shows `message`. */
export type ApiErrorBody = {
  error: { code: ErrorCode; message: string; fields?: Record<string, string[]>; current?: unknown };
};
