import { useQuery } from '@tanstack/react-query';
import type { FamilyProfileResponse } from '../../shared/contracts/family-profile';
import { apiGet } from '../lib/api';

/**
 * GET /api/family/profile (issue 39): the Family page edits it, the booking page prefills from it, /memberships
 * reads its children. Keyed by the address, as My Bookings' lists are, so another family signing in on this
 * browser never sees the first one's children; the '/api/family' prefix lets a sign-in or sign-out refresh it
 * (api/family-session.ts).
 */
export const familyProfileKey = (email: string) => ['/api/family', 'profile', email] as const;

export function useFamilyProfile(email: string) {
  return useQuery({
    queryKey: familyProfileKey(email),
    queryFn: () => apiGet<FamilyProfileResponse>('/api/family/profile'),
  });
}
