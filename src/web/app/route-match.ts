const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * The parameters when `pattern` ("/party/:id") matches `pathname`, else null: literal segments ignore case and a
 * trailing slash, as wouter's own matching does (regexparam), for the code that asks outside the <Switch>
 * (the page's title, preloading a page's code) without loading a parser of its own.
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = trim(pattern).split('/');
  const got = trim(pathname).split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    const value = got[i]!;
    if (segment.startsWith(':')) {
      if (!value) return null;
      try {
        params[segment.slice(1)] = decodeURIComponent(value);
      } catch {
        return null; // a malformed %-escape is no page of ours
      }
    } else if (segment.toLowerCase() !== value.toLowerCase()) return null;
  }
  return params;
}
