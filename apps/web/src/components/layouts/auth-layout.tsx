import type { ReactNode } from 'react';
import { Logo } from './logo';
import { mainContentProps } from '@/components/layouts/skip-link';

/** A quiet, centred frame for the sign-in and verification screens. */
export function AuthLayout({ children, topRight }: { children: ReactNode; topRight?: ReactNode }) {
  return (
    <div className="relative flex min-h-dvh flex-col bg-linear-to-br from-panel-dawn/60 via-background to-panel-sage/70">
      <header className="mx-auto flex w-full max-w-md items-center justify-between px-4 pt-6 sm:pt-10">
        <Logo />
        {topRight}
      </header>
      <main {...mainContentProps} className="mx-auto flex w-full max-w-md flex-1 flex-col px-4 pt-6 pb-10 sm:pt-8">
        {children}
      </main>
    </div>
  );
}
