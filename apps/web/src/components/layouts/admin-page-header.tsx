import type { ReactNode } from 'react';
import { PageTitle } from './page-title';

/** Title and one line of context at the top of every admin page (the tab's unread count is PageTitle's). */
export function AdminPageHeader({ title, description }: { title: string; description: ReactNode }) {
  return (
    <div className="mb-8">
      <PageTitle>{`${title} · Admin`}</PageTitle>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      <p className="text-muted-foreground mt-2 max-w-2xl">{description}</p>
    </div>
  );
}
