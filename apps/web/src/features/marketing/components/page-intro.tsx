import type { ReactNode } from 'react';
import { PageTitle } from '@/components/layouts/page-title';

interface PageIntroProps {
  eyebrow?: string;
  title: string;
  /** The browser tab's name, when it should differ from the heading. */
  documentTitle?: string;
  children: ReactNode;
  actions?: ReactNode;
}

/** The opening of a public page: a heading, a sentence or two, and optional actions. */
export function PageIntro({ eyebrow, title, documentTitle, children, actions }: PageIntroProps) {
  return (
    <section className="relative overflow-hidden">
      <PageTitle>{documentTitle ?? title}</PageTitle>
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-72 bg-linear-to-b from-teal-50 to-transparent"
      />
      <div className="relative mx-auto max-w-3xl px-4 py-16 text-center sm:px-6 sm:py-24">
        {eyebrow && <p className="text-primary mb-3 text-sm font-semibold tracking-wide uppercase">{eyebrow}</p>}
        <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">{title}</h1>
        <div className="text-muted-foreground mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-pretty">
          {children}
        </div>
        {actions && <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>}
      </div>
    </section>
  );
}
