import {
  Children,
  createContext,
  isValidElement,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

/**
 * The site's router: the part of React Router's declarative API the app uses (BrowserRouter,
 * StaticRouter, Routes/Route with layout routes and "*", Outlet, Link, Navigate, useLocation,
 * useNavigate, useSearchParams), in about 1.5 KB instead of React Router's 12 KB gzip in every page's
 * first visit (docs/decisions/014, "A smaller shell"). Paths match exactly (case-insensitive, a
 * trailing slash ignored); a `:name` segment matches any one segment, read with useParams() (as typed,
 * not lowercased: a party's id or an invitation's token). There are no relative links or data loaders:
 * add them here if a page ever needs them.
 */

export type Location = { pathname: string; search: string; hash: string };
export type NavigateOptions = { replace?: boolean; preventScrollReset?: boolean };
type Navigate = (to: string, options?: NavigateOptions) => void;

const LocationContext = createContext<{ location: Location; navigate: Navigate }>({
  location: { pathname: '/', search: '', hash: '' },
  navigate: () => undefined,
});
const OutletContext = createContext<ReactNode>(null);
const ParamsContext = createContext<Record<string, string>>({});

const readLocation = (): Location => {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
};

/** The browser's address bar as the app's location; links and navigate() push history entries. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(readLocation);
  // A navigation renders as a transition, as React Router does: the current page stays on screen
  // while the next page's code loads, instead of the loading fallback flashing in between.
  const update = useCallback(() => startTransition(() => setLocation(readLocation())), []);
  useEffect(() => {
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, [update]);
  const navigate = useCallback<Navigate>(
    (to, options = {}) => {
      const url = new URL(to, window.location.href);
      if (options.replace) window.history.replaceState(null, '', url);
      else window.history.pushState(null, '', url);
      update();
    },
    [update],
  );
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <LocationContext.Provider value={value}>{children}</LocationContext.Provider>;
}

/** A fixed location, for rendering a page on the server (src/web/prerender.tsx). */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const value = useMemo(() => {
    const url = new URL(location, 'http://localhost');
    return { location: { pathname: url.pathname, search: url.search, hash: url.hash }, navigate: () => undefined };
  }, [location]);
  return <LocationContext.Provider value={value}>{children}</LocationContext.Provider>;
}

export const useLocation = (): Location => useContext(LocationContext).location;
export const useNavigate = (): Navigate => useContext(LocationContext).navigate;

type SearchInit = URLSearchParams | Record<string, string>;
type SetSearchParams = (next: SearchInit | ((prev: URLSearchParams) => SearchInit), options?: NavigateOptions) => void;

/** The query string, and a setter that navigates to the same path with a new one (the #hash is dropped). */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { location, navigate } = useContext(LocationContext);
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  // A new setter with each new location, as React Router's: effects that list it run again then.
  const set = useCallback<SetSearchParams>(
    (next, options) => {
      const init = typeof next === 'function' ? next(new URLSearchParams(location.search)) : next;
      const search = new URLSearchParams(init).toString();
      navigate(`${location.pathname}${search ? `?${search}` : ''}`, options);
    },
    [location, navigate],
  );
  return [params, set];
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean };

/** An ordinary link that, on a plain left click, changes page without reloading the document. */
export function Link({ to, replace, onClick, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || modified || (rest.target && rest.target !== '_self')) return;
    event.preventDefault();
    navigate(to, { replace });
  };
  return <a {...rest} href={to} onClick={click} />;
}

/** Navigates as soon as it renders (in an effect: rendering must not change the history). */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}

export type RouteProps = { path?: string; element: ReactNode; children?: ReactNode };

/** Declares a page (`path`) or a layout (no path: its element renders the matched child at <Outlet />). */
export function Route(_props: RouteProps): ReactElement | null {
  return null; // <Routes> reads its props; it never renders
}

/** The element the enclosing layout route matched, or nothing. */
export function Outlet() {
  return <>{useContext(OutletContext)}</>;
}

const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The parameters when `pattern` ("/party/:id") matches `pathname`, else null. Literal segments ignore case. */
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

type Matched = { chain: ReactNode[]; params: Record<string, string> };

/** The elements from the outermost layout to the page for `pathname`, or null. "*" matches last. */
function match(children: ReactNode, pathname: string, wildcard: boolean): Matched | null {
  for (const child of Children.toArray(children)) {
    if (!isValidElement<RouteProps>(child)) continue;
    const { path, element, children: nested } = child.props;
    if (path === undefined) {
      const inner = match(nested, pathname, wildcard);
      if (inner) return { chain: [element, ...inner.chain], params: inner.params };
    } else if (wildcard) {
      if (path === '*') return { chain: [element], params: {} };
    } else if (path !== '*') {
      const params = matchPath(path, pathname);
      if (params) return { chain: [element], params };
    }
  }
  return null;
}

/** The `:name` segments of the matched route's path. */
export const useParams = (): Record<string, string | undefined> => useContext(ParamsContext);

/** Renders the route that matches the location, inside its layouts. */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { chain, params } = match(children, pathname, false) ??
    match(children, pathname, true) ?? { chain: [], params: {} };
  return (
    <ParamsContext.Provider value={params}>
      {chain.reduceRight<ReactNode>(
        (outlet, element) => (
          <OutletContext.Provider value={outlet}>{element}</OutletContext.Provider>
        ),
        null,
      )}
    </ParamsContext.Provider>
  );
}
