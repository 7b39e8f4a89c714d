/** Every 4xx/5xx from the API carries this body; the UI shows `message`. */
export type ApiErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string[]> };
};
