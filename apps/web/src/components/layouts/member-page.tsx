import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link } from '@/lib/app-navigation';
import { Button } from '@/components/ui/button';
import { Logo } from './logo';
import { PageTitle } from './page-title';
import { mainContentProps } from '@/components/layouts/skip-link';

interface MemberPageProps {
  title: string;
  description: ReactNode;
  /** Where the back button leads; none when the page is a step of its own. */
  backTo?: { to: string; label: string };
  /** What waits for the member (the notifications' "new reply" link), at the header's end. */
  notice?: ReactNode;
  children?: ReactNode;
}

/**
 * A simple frame for member screens: way back, heading, a sentence, content.
 * The header stays at the top like every other layout's, the band toasts use (decision 038).
 */
export function MemberPage({ title, description, backTo, notice, children }: MemberPageProps) {
  return (
    <div className="min-h-dvh bg-linear-to-b from-panel-sage/60 to-background">
      <PageTitle>{title}</PageTitle>
      <header className="bg-background/90 supports-[backdrop-filter]:bg-background/75 sticky top-0 z-30 border-b backdrop-blur">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-3 px-4 sm:px-6">
          {backTo ? (
            <Button asChild variant="ghost" className="-ml-2 px-2">
              <Link to={backTo.to}>
                <ArrowLeft aria-hidden="true" />
                {backTo.label}
              </Link>
            </Button>
          ) : (
            <Logo />
          )}
          {notice}
        </div>
      </header>
      <main {...mainContentProps} className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        <div className="text-muted-foreground mt-3 text-lg leading-relaxed">{description}</div>
        {children && <div className="mt-8">{children}</div>}
      </main>
    </div>
  );
}
