import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

/**
 * The public site's router: the path and query of the page shown, links that change them
 * without a document request, and the browser's back and forward buttons. The public pages need
 * nothing more, and a router library would be a share of every page's script budget
 * (docs/decisions/0105-public-pages-load-their-code-at-once.md). The admin keeps React Router
 * inside its own chunk.
 */
export interface Location {
  pathname: string;
  search: string;
}

interface RouterValue {
  location: Location;
  navigate: (to: string, options?: { replace?: boolean }) => void;
}

const RouterContext = createContext<RouterValue | null>(null);

const currentLocation = (): Location => ({
  pathname: window.location.pathname,
  search: window.location.search,
});

/** The router of the browser: follows the address bar. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(currentLocation);
  useEffect(() => {
    const follow = () => setLocation(currentLocation());
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);
  const navigate = useCallback((to: string, options: { replace?: boolean } = {}) => {
    if (options.replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    setLocation(currentLocation());
  }, []);
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** The router of the build's prerendering: one fixed location. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const url = new URL(location, 'http://prerender.invalid');
  const value = useMemo<RouterValue>(
    () => ({
      location: { pathname: url.pathname, search: url.search },
      navigate: () => {
        throw new Error('No navigation while prerendering');
      },
    }),
    [url.pathname, url.search],
  );
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Outside a router');
  return router;
}

export const useLocation = (): Location => useRouter().location;

export const useNavigate = () => useRouter().navigate;

const noSubscription = () => () => undefined;

/**
 * The query string's parameters. The pages were prerendered without one, so while a page hydrates
 * they are empty, as they were in its HTML, and the page renders again with them right after.
 */
export function useSearchParams(): URLSearchParams {
  const { search } = useLocation();
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return useMemo(() => new URLSearchParams(hydrated ? search : ''), [hydrated, search]);
}

/** A click the browser should handle itself: a new tab, a download, another window. */
const isModified = (event: MouseEvent<HTMLAnchorElement>) =>
  event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to: string;
  /** Marks the link as the current page (aria-current and the `active` class) on its path. */
  nav?: boolean;
}

/** An ordinary link to a page of the site that the app opens without reloading. */
export function Link({ to, nav = false, onClick, className, children, ...props }: LinkProps) {
  const { location, navigate } = useRouter();
  const current = nav && location.pathname === to;
  return (
    <a
      {...props}
      href={to}
      className={current ? [className, 'active'].filter(Boolean).join(' ') : className}
      aria-current={current ? 'page' : undefined}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || isModified(event) || props.target) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
