import type { ReactNode } from 'react';

interface PageIntroProps {
  eyebrow?: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}

/** The opening of a public page: a heading, a sentence or two, and optional actions. Pair it with PageHead. */
export function PageIntro({ eyebrow, title, children, actions }: PageIntroProps) {
  return (
    <section className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 from-panel-dawn/70 via-panel-sand/40 bg-linear-to-b to-transparent"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 -right-32 bg-panel-sage size-96 rounded-full blur-3xl"
      />
      <div className="relative mx-auto max-w-3xl px-4 pt-14 pb-12 text-center sm:px-6 sm:pt-20 sm:pb-16">
        {eyebrow && <p className="text-primary mb-3 text-sm font-semibold tracking-wide uppercase">{eyebrow}</p>}
        <h1 className="text-4xl leading-[1.1] font-semibold text-balance sm:text-5xl">{title}</h1>
        <div className="text-muted-foreground mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-pretty">
          {children}
        </div>
        {actions && <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>}
      </div>
    </section>
  );
}
