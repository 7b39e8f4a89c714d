/** A URL that wraps before its path on narrow screens instead of mid-word. */
export function BreakableUrl({ url, hideScheme = false }: { url: string; hideScheme?: boolean }) {
  const shown = hideScheme ? url.replace(/^https?:\/\//, '') : url;
  const hostStart = shown.includes('//') ? shown.indexOf('//') + 2 : 0;
  const cut = shown.indexOf('/', hostStart);
  if (cut <= 0) return <>{shown}</>;
  return (
    <>
      {shown.slice(0, cut)}
      <wbr />
      {shown.slice(cut)}
    </>
  );
}
