import type { DataErasureResponse, DataExportFile } from '../../../../shared/contracts/privacy';
import { ApiError, apiPost } from '../../../lib/api';

/**
 * POST /api/admin/privacy/export answers a file: read it as a blob and hand it to the browser as a
 * download named as the server says (Content-Disposition), so the address never sits in a URL.
 */
export async function downloadExport(email: string): Promise<{ name: string; rows: number; tables: number }> {
  const res = await fetch('/api/admin/privacy/export', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { code: ApiError['code']; message: string } } | null;
    throw new ApiError(res.status, body?.error?.code ?? 'http_error', body?.error?.message ?? res.statusText);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'data-export.json';
  const text = await res.text();
  // Counted for the admin's confirmation line: how much the file holds, without opening it.
  const held = Object.values((JSON.parse(text) as DataExportFile).tables).filter((rows) => rows.length > 0);
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { name, rows: held.reduce((n, rows) => n + rows.length, 0), tables: held.length };
}

export const eraseData = (email: string) => apiPost<DataErasureResponse>('/api/admin/privacy/erase', { email });
