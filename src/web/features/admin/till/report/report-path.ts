/** The Z report's printable page for a till session (/admin/till/report?session=). */
export const reportPath = (sessionId: string) => `/admin/till/report?session=${encodeURIComponent(sessionId)}`;
