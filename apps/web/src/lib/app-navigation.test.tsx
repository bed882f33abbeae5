import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  documentNavigation,
  Link,
  Navigate,
  NavigationProvider,
  NavLink,
  useLocation,
  useNavigate,
} from './app-navigation';
import { inPageNavigation } from './in-page-navigation';
import { loadPage, loadPageWithState } from './navigation';
import { RouterNavigation } from './router-navigation';

vi.mock('./navigation', () => ({ loadPage: vi.fn(), loadPageWithState: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'active' : 'idle');

function Header() {
  return (
    <nav>
      <NavLink to="/pricing" className={navClass}>
        Pricing
      </NavLink>
      <NavLink to="/about" className={navClass}>
        About
      </NavLink>
      <Link to="/auth?tab=signup" state={{ tab: 'signup' }} replace className="cta">
        Sign Up
      </Link>
    </nav>
  );
}

function Where() {
  const { pathname, search } = useLocation();
  return (
    <p>
      at {pathname}
      {search}
    </p>
  );
}

function Go({ to, state }: { to: string; state?: unknown }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(to, state === undefined ? {} : { state })}>
      Go
    </button>
  );
}

/** The markup both implementations give the same links, for the same address. */
function markupOf(ui: React.ReactElement) {
  const { container, unmount } = render(ui);
  const html = container.innerHTML.replaceAll(' data-discover="true"', '');
  unmount();
  return html;
}

describe('documentNavigation (the marketing pages, decision 041)', () => {
  const at = (pathname: string, search = '') => documentNavigation({ pathname, search, hash: '' });

  it('renders plain links with the markup React Router gives them, the current page marked', () => {
    const plain = markupOf(
      <NavigationProvider value={at('/Pricing')}>
        <Header />
      </NavigationProvider>,
    );
    const routed = markupOf(
      <MemoryRouter initialEntries={['/Pricing']}>
        <RouterNavigation>
          <Header />
        </RouterNavigation>
      </MemoryRouter>,
    );
    expect(plain).toBe(routed);
    expect(plain).toContain('<a aria-current="page" class="active" href="/pricing">Pricing</a>');
    expect(plain).toContain('<a class="idle" href="/about">About</a>');
    expect(plain).toContain('href="/auth?tab=signup"');
    expect(plain).not.toMatch(/state|replace/);
  });

  it('reads the address it was given', () => {
    render(
      <NavigationProvider value={at('/auth', '?tab=signup')}>
        <Where />
      </NavigationProvider>,
    );
    screen.getByText('at /auth?tab=signup');
  });

  it('reads the address of a URL, as the build pre-renders /auth?tab=signup', () => {
    render(
      <NavigationProvider value={documentNavigation(new URL('https://prerendered.invalid/auth?tab=signup'))}>
        <Where />
      </NavigationProvider>,
    );
    screen.getByText('at /auth?tab=signup');
  });

  it('navigates by loading the next page, carrying state in the new history entry', async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <NavigationProvider value={at('/')}>
        <Go to="/pricing" />
      </NavigationProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(loadPage).toHaveBeenCalledWith('/pricing', {});
    expect(loadPageWithState).not.toHaveBeenCalled();

    const prefill = { tab: 'signup', prefill: { fullName: 'Nadia', email: 'nadia@example.com' } };
    rerender(
      <NavigationProvider value={at('/')}>
        <Go to="/auth?tab=signup" state={prefill} />
      </NavigationProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(loadPageWithState).toHaveBeenCalledWith('/auth?tab=signup', prefill, { state: prefill });
  });
});

describe('inPageNavigation (/auth, decision 043)', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  /** The address, the navigation's state and the entry's key, as a screen reads them. */
  function Entry() {
    const { pathname, search, state, key } = useLocation();
    return (
      <p>
        {pathname}
        {search} {JSON.stringify(state)} {key}
      </p>
    );
  }

  const prefill = { tab: 'signup', prefill: { fullName: 'Nadia', email: 'nadia@example.com' } };

  it('reads the state and key a page load left in the history entry, as React Router wrote them', () => {
    window.history.replaceState({ usr: prefill, key: 'k1', idx: 0 }, '', '/auth?tab=signup');
    render(
      <NavigationProvider value={inPageNavigation()}>
        <Entry />
      </NavigationProvider>,
    );
    screen.getByText(`/auth?tab=signup ${JSON.stringify(prefill)} k1`);
  });

  it('numbers an entry React Router did not write as the first of the visit', () => {
    window.history.replaceState(null, '', '/auth');
    render(
      <NavigationProvider value={inPageNavigation()}>
        <Entry />
      </NavigationProvider>,
    );
    expect(window.history.state).toEqual({ idx: 0 });
    screen.getByText('/auth null default');
  });

  it('navigates within the page through a new history entry and re-renders; Back returns', async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/auth?tab=signup');
    render(
      <NavigationProvider value={inPageNavigation()}>
        <Entry />
        <Go to="/auth" state={prefill} />
      </NavigationProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Go' }));
    screen.getByText(`/auth ${JSON.stringify(prefill)} ${window.history.state.key}`);
    expect(window.history.state).toMatchObject({ usr: prefill, idx: 1 });
    expect(loadPage).not.toHaveBeenCalled();
    expect(loadPageWithState).not.toHaveBeenCalled();

    window.history.back();
    await screen.findByText('/auth?tab=signup null default');
  });

  it('takes the query out of the address in place, with a new key (a screen keyed by it opens afresh)', async () => {
    window.history.replaceState({ usr: null, key: 'k1', idx: 3 }, '', '/Auth?tab=signup&plan=Pro');
    function Clean() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => void navigate({ search: '' }, { replace: true, state: prefill })}>
          Clean
        </button>
      );
    }
    render(
      <NavigationProvider value={inPageNavigation()}>
        <Entry />
        <Clean />
      </NavigationProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clean' }));
    expect(`${window.location.pathname}${window.location.search}`).toBe('/Auth');
    expect(window.history.state).toMatchObject({ usr: prefill, idx: 3 });
    expect(window.history.state.key).not.toBe('k1');
    screen.getByText(`/Auth ${JSON.stringify(prefill)} ${window.history.state.key}`);
  });

  it('renders <Navigate> as a page load, replacing this entry when asked', async () => {
    window.history.replaceState(null, '', '/auth');
    render(
      <NavigationProvider value={inPageNavigation()}>
        <Navigate to="/dashboard" replace />
      </NavigationProvider>,
    );
    await vi.waitFor(() =>
      expect(loadPage).toHaveBeenCalledWith('/dashboard', expect.objectContaining({ replace: true })),
    );
  });

  it('loads another page for a navigation with state, and never writes this page’s entry', async () => {
    window.history.replaceState(null, '', '/');
    render(
      <NavigationProvider value={inPageNavigation()}>
        <Go to="/auth?tab=signup" state={prefill} />
      </NavigationProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(loadPageWithState).toHaveBeenCalledWith('/auth?tab=signup', prefill, { state: prefill });
    expect(window.history.state).toEqual({ idx: 0 });
  });
});

describe('inside a router', () => {
  it('links and navigates without a page load', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/']}>
        <RouterNavigation>
          <Header />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </RouterNavigation>
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('link', { name: 'About' }));
    screen.getByText('at /about');
    expect(screen.getByRole('link', { name: 'About' }).getAttribute('aria-current')).toBe('page');
    expect(loadPage).not.toHaveBeenCalled();
  });
});
