/**
 * A module loaded at most once, when first asked for (a form's first focus, say) rather than with the
 * page, and awaited where it is needed (the submit). A failed download (offline) is tried again on the
 * next call.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((err: unknown) => {
      loading = null;
      throw err;
    }));
}
