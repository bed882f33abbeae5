import { createContext, useContext, useEffect, type AnchorHTMLAttributes, type ReactNode } from 'react';
import type {
  Link as RouterLink,
  Location,
  NavLink as RouterNavLink,
  NavLinkRenderProps,
  Navigate as RouterNavigate,
  NavigateOptions,
  NavigateProps,
  To,
  useLocation as routerUseLocation,
  useNavigate as routerUseNavigate,
} from 'react-router';
import { loadPage, loadPageWithState } from './navigation';

/**
 * How a component links, navigates and reads the address (decisions 041, 043).
 * The app's screens run in two entries: the SPA (every member and admin screen)
 * supplies React Router's own components and hooks (lib/router-navigation.tsx);
 * the pre-rendered marketing pages and /auth hydrate without a router
 * (public-main.tsx), where a link is an ordinary link and navigating to another
 * path loads the next page. Components import these, never react-router's, so that
 * they work in both; only route-level code (the route table, layouts with an
 * <Outlet>, guards) uses react-router directly.
 *
 * The context value never changes for the life of a tree, so calling the hooks
 * it carries keeps React's rules of hooks.
 */
export interface Navigation {
  Link: typeof RouterLink;
  NavLink: typeof RouterNavLink;
  useNavigate: typeof routerUseNavigate;
  useLocation: typeof routerUseLocation;
  Navigate: typeof RouterNavigate;
  /** Whether navigating to another path loads a page (no router): what a page shows now is then lost. */
  loadsPages: boolean;
}

/** The address parts React Router's location has, for a page rendered at a known address. */
interface DocumentAddress {
  pathname: string;
  search: string;
  hash: string;
}

/** What a `to` is as an href ("/pricing", "/auth?tab=signup", { pathname, search }). */
function hrefOf(to: To): string {
  if (typeof to === 'string') return to;
  return `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`;
}

/** React Router's rule for an active NavLink: the same path, or one under it (case-insensitive). */
function isActivePath(current: string, to: To): boolean {
  const target = (typeof to === 'string' ? (to.split(/[?#]/)[0] ?? '') : (to.pathname ?? '')).toLowerCase();
  const path = current.toLowerCase();
  if (!target) return false;
  return path === target || (target !== '/' && path.startsWith(`${target.replace(/\/$/, '')}/`));
}

/** What a page that navigates within itself adds to its navigation (lib/in-page-navigation.ts, decision 043). */
export interface InPageNavigation {
  /** The browser's address, with the history entry's state and key, kept current. */
  useLocation: () => Location;
  /** Navigates within this page when `to` stays on it (only the query, hash or state change); false when it leads elsewhere. */
  navigateHere: (to: To, options: NavigateOptions) => boolean;
}

/**
 * Navigation for a page without a router: links are plain links the browser
 * follows (the next public page arrives pre-rendered), and `navigate()` to
 * another path loads the next page. A navigation that carries state (the
 * sign-up prefill, which never goes into an address) writes it into a new
 * history entry the way React Router keeps it and then loads that entry, so
 * the next page finds it on arrival.
 *
 * The page is at `address`, read once, without state; a page that navigates
 * within itself (/auth, decision 043) passes `inPage`, which follows the
 * browser's address and history entry as a router would.
 */
export function documentNavigation(address: DocumentAddress, inPage?: InPageNavigation): Navigation {
  // Read field by field: a URL's parts (the pre-rendering's address) are getters a spread would miss.
  const { pathname, search, hash } = address;
  const location: Location = { pathname, search, hash, state: null, key: 'default' };
  const useDocumentLocation = inPage?.useLocation ?? (() => location);

  function DocumentLink(props: Parameters<typeof RouterLink>[0]) {
    const { to, children, ...rest } = props;
    return (
      // Attributes in React Router's order, so both render the same markup.
      <a {...anchorProps(rest)} href={hrefOf(to)}>
        {children}
      </a>
    );
  }

  function DocumentNavLink(props: Parameters<typeof RouterNavLink>[0]) {
    const { to, children, className, style, ...rest } = props;
    const isActive = isActivePath(address.pathname, to);
    const render: NavLinkRenderProps = { isActive, isPending: false, isTransitioning: false };
    return (
      <a
        {...anchorProps(rest)}
        aria-current={isActive ? 'page' : undefined}
        className={typeof className === 'function' ? className(render) : className}
        style={typeof style === 'function' ? style(render) : style}
        href={hrefOf(to)}
      >
        {typeof children === 'function' ? children(render) : (children as ReactNode)}
      </a>
    );
  }

  const navigate = (to: To | number, options: NavigateOptions = {}) => {
    if (typeof to === 'number') {
      window.history.go(to);
      return;
    }
    if (inPage?.navigateHere(to, options)) return;
    if (options.state === undefined) loadPage(hrefOf(to), options);
    else loadPageWithState(hrefOf(to), options.state, options);
  };

  /** React Router's <Navigate>: navigates once rendered (to another path: loads it, replacing this entry if asked). */
  function DocumentNavigate({ to, replace, state }: NavigateProps) {
    useEffect(() => {
      navigate(to, { replace, state });
      // Once, as React Router's does.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    return null;
  }

  return {
    Link: DocumentLink as typeof RouterLink,
    NavLink: DocumentNavLink as typeof RouterNavLink,
    useNavigate: (() => navigate) as typeof routerUseNavigate,
    useLocation: useDocumentLocation as typeof routerUseLocation,
    Navigate: DocumentNavigate as typeof RouterNavigate,
    loadsPages: true,
  };
}

/** React Router's props that mean nothing to a plain link. */
const ROUTER_ONLY_PROPS = [
  'state',
  'replace',
  'relative',
  'preventScrollReset',
  'viewTransition',
  'discover',
  'reloadDocument',
  'caseSensitive',
  'end',
  'prefetch',
];

function anchorProps(props: object): AnchorHTMLAttributes<HTMLAnchorElement> {
  const rest: Record<string, unknown> = { ...props };
  for (const name of ROUTER_ONLY_PROPS) delete rest[name];
  return rest as AnchorHTMLAttributes<HTMLAnchorElement>;
}

const NavigationContext = createContext<Navigation | null>(null);
/**
 * Without a provider: plain links and page loads for the page as the browser loaded
 * it. Made on first use, since pre-rendering runs where there is no window (it
 * provides the address it renders).
 */
let fallback: Navigation | undefined;

function useNavigation(): Navigation {
  const provided = useContext(NavigationContext);
  if (provided) return provided;
  if (typeof window === 'undefined') throw new Error('Rendering outside the browser needs a NavigationProvider.');
  fallback ??= documentNavigation(window.location);
  return fallback;
}

export const NavigationProvider = NavigationContext.Provider;

// React 19 passes `ref` as a prop, so Radix's Slot (Button asChild) reaches the anchor through these.
export const Link = ((props: Parameters<typeof RouterLink>[0]) => {
  const { Link: Impl } = useNavigation();
  return <Impl {...props} />;
}) as typeof RouterLink;

export const NavLink = ((props: Parameters<typeof RouterNavLink>[0]) => {
  const { NavLink: Impl } = useNavigation();
  return <Impl {...props} />;
}) as typeof RouterNavLink;

export function Navigate(props: NavigateProps) {
  const { Navigate: Impl } = useNavigation();
  return <Impl {...props} />;
}

export const useNavigate: typeof routerUseNavigate = () => useNavigation().useNavigate();
export const useLocation: typeof routerUseLocation = () => useNavigation().useLocation();
/** Whether navigating to another path loads a page (a page without a router, decision 043). */
export const useNavigationLoadsPages = () => useNavigation().loadsPages;
