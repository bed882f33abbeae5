import { Component, type ErrorInfo, type ReactNode } from 'react';
import { mainContentProps } from '@/components/layouts/skip-link';

interface State {
  error: Error | null;
}

/**
 * The last line of defence: a friendly page instead of a blank screen.
 * Plain markup on purpose: the failure may be in the router or a provider.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled error in the interface', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main
        {...mainContentProps}
        className="flex min-h-dvh items-center justify-center bg-linear-to-br from-panel-dawn/60 via-background to-panel-sage/70 p-6"
      >
        <div role="alert" className="bg-card w-full max-w-md rounded-xl border p-8 text-center shadow-sm">
          <h1 className="text-2xl font-semibold tracking-tight">Something went wrong</h1>
          <p className="text-muted-foreground mt-3 leading-relaxed">
            We&apos;re sorry — this page ran into a problem. Reloading usually sorts it out. Your account and data are
            safe.
          </p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
            <button
              type="button"
              onClick={() => window.location.reload()}
              className="bg-primary text-primary-foreground hover:bg-[color-mix(in_oklab,var(--primary)_85%,black)] focus-visible:ring-ring/50 inline-flex h-10 items-center justify-center rounded-md px-5 text-sm font-medium outline-none focus-visible:ring-[3px]"
            >
              Reload page
            </button>
            <a
              href="/"
              className="border-input hover:bg-accent focus-visible:ring-ring/50 inline-flex h-10 items-center justify-center rounded-md border px-5 text-sm font-medium outline-none focus-visible:ring-[3px]"
            >
              Go to the home page
            </a>
          </div>
        </div>
      </main>
    );
  }
}
