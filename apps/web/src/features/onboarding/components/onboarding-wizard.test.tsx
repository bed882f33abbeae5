import { StrictMode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { useLocation } from '@/lib/app-navigation';
import { RouterNavigation } from '@/lib/router-navigation';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OnboardingWizard } from './onboarding-wizard';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

function CompleteProbe() {
  return <p>Complete with {JSON.stringify(useLocation().state)}</p>;
}

function renderWizard(patchStatus = 200) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
    patchStatus === 200
      ? new Response(JSON.stringify(JSON.parse(String(init?.body))), { status: 200 })
      : new Response('', { status: patchStatus }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  // StrictMode runs effects twice: the stored plan must survive that.
  render(
    <StrictMode>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/onboarding']}>
          <RouterNavigation>
            <Routes>
              <Route path="/onboarding" element={<OnboardingWizard firstName="Olive" />} />
              <Route path="/onboarding-complete" element={<CompleteProbe />} />
            </Routes>
          </RouterNavigation>
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
  return fetchMock;
}

// jsdom lays nothing out and has no scrollIntoView: record the scroll the wizard asks for.
const scrolledIntoView = vi.fn();
beforeEach(() => {
  Element.prototype.scrollIntoView = scrolledIntoView;
});

afterEach(() => {
  scrolledIntoView.mockClear();
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.success).mockClear();
});

describe('OnboardingWizard', () => {
  it('keeps the plan chosen on /pricing until Complete Setup succeeds, then removes the key', async () => {
    localStorage.setItem('selectedPricingPlan', 'Free Beta Access');
    const fetchMock = renderWizard();
    // Kept while onboarding runs: a reload starts on the same plan.
    expect(localStorage.getItem('selectedPricingPlan')).toBe('Free Beta Access');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('radio', { name: 'Free Beta Access' }).getAttribute('aria-checked')).toBe('true');

    await userEvent.click(screen.getByRole('button', { name: 'Complete Setup' }));
    await screen.findByText('Complete with {"plan":"Free Beta Access"}');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/me/profile');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({ pricing_plan: 'Free Beta Access' });
    // The next page's heading welcomes; its copy toast would stack with a welcome toast.
    expect(toast.success).not.toHaveBeenCalled();
    expect(localStorage.getItem('selectedPricingPlan')).toBeNull();
  });

  it('carries a paid plan on without writing it to the profile', async () => {
    localStorage.setItem('selectedPricingPlan', 'The Space Pass');
    const fetchMock = renderWizard();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Complete Setup' }));
    await screen.findByText('Complete with {"plan":"The Space Pass"}');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stays on step 2 with a Setup Error when saving fails, still remembering the /pricing choice', async () => {
    localStorage.setItem('selectedPricingPlan', 'The Space Pass');
    renderWizard(500);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Free Beta Access' }));
    await userEvent.click(screen.getByRole('button', { name: 'Complete Setup' }));
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Setup Error', {
        description: 'Failed to save preferences. Please try again.',
      }),
    );
    screen.getByText('2 of 2');
    expect(screen.getByRole('radio', { name: 'Free Beta Access' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('button', { name: 'Complete Setup' }).hasAttribute('disabled')).toBe(false);
    expect(localStorage.getItem('selectedPricingPlan')).toBe('The Space Pass');
  });

  it('moves focus to the new step’s heading after Next and Back', async () => {
    renderWizard();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Choose Your Plan' }));
    // Scrolled to the top, below the sticky header (its scroll-margin), not left under it.
    expect(scrolledIntoView).toHaveBeenLastCalledWith({ block: 'start' });
    expect(scrolledIntoView.mock.contexts.at(-1)).toBe(screen.getByRole('heading', { name: 'Choose Your Plan' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Welcome to Calm Space, Olive' }));
  });
});
