import type { StaffMe } from '../../../../shared/contracts/staff';

/** The signed-in member of staff the till serves as (a person's session, not a kiosk's). */
export type Staff = Extract<StaffMe, { kind: 'staff' }>;
