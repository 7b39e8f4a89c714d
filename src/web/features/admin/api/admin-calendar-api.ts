import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateRestrictionInput,
  CreateRestrictionResponse,
  DeleteRestrictionResponse,
  RestrictionsResponse,
} from '../../../../shared/contracts/admin-calendar';
import { apiGet, apiPost, apiRequest } from '../../../lib/api';

export const restrictionsKey = ['/api/admin/session-restrictions'] as const;

/** SPEC.md section 7: polled every 30 s, so two members of staff see each other's blocks. */
export function useRestrictions() {
  return useQuery({
    queryKey: restrictionsKey,
    queryFn: () => apiGet<RestrictionsResponse>(restrictionsKey[0]),
    refetchInterval: 30_000,
  });
}

export function useAddRestriction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateRestrictionInput) => apiPost<CreateRestrictionResponse>(restrictionsKey[0], input),
    onSuccess: () => qc.invalidateQueries({ queryKey: restrictionsKey }),
  });
}

export function useRemoveRestriction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<DeleteRestrictionResponse>('DELETE', `${restrictionsKey[0]}/${encodeURIComponent(id)}`),
    onSettled: () => qc.invalidateQueries({ queryKey: restrictionsKey }),
  });
}
