import { useQuery } from '@tanstack/react-query';
import type { CafeTablesResponse, PutCafeTables } from '../../../../../shared/contracts/cafe-orders';
import { apiGet, apiRequest } from '../../../../lib/api';

export const tablesUrl = '/api/admin/cafe/tables';
export const tablesKey = [tablesUrl] as const;

/** GET /api/admin/cafe/tables (admins): each table with the signed token its QR code carries. */
export const useCafeTables = () =>
  useQuery({ queryKey: tablesKey, queryFn: () => apiGet<CafeTablesResponse>(tablesUrl) });

/** PUT /api/admin/cafe/tables: the whole list; a row left out retires its table. */
export const saveCafeTables = (body: PutCafeTables) => apiRequest<CafeTablesResponse>('PUT', tablesUrl, body);
