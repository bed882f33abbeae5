import type { ReactNode } from 'react';
import { Link } from '@/lib/app-navigation';

export interface LegalSection {
  /** Anchor for the table of contents. */
  id: string;
  title: string;
  content: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  lastUpdated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
  /** The companion document, linked at the foot of the page. */
  related: { to: string; label: string; text: string };
}

/**
 * A numbered legal document with a table of contents. The sections are data,
 * so the terms and the privacy policy share one layout.
 */
export function LegalDocument({ title, lastUpdated, intro, sections, related }: LegalDocumentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="max-w-3xl">
        <p className="text-primary mb-2 text-sm font-semibold tracking-wide uppercase">Legal</p>
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
        <p className="text-muted-foreground mt-3 text-sm">Last updated: {lastUpdated}</p>
        <div className="text-muted-foreground mt-6 space-y-3 leading-relaxed sm:text-lg">{intro}</div>
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-14">
        <nav aria-labelledby="contents-title" className="lg:sticky lg:top-24 lg:self-start">
          <div className="bg-muted/50 rounded-xl border p-5">
            <h2 id="contents-title" className="text-sm font-semibold">
              Contents
            </h2>
            <ol className="mt-3 space-y-1.5 text-sm">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="text-muted-foreground hover:text-foreground focus-visible:ring-ring/50 flex gap-2 rounded-sm py-0.5 underline-offset-4 outline-none hover:underline focus-visible:ring-[3px]"
                  >
                    <span className="w-5 shrink-0 tabular-nums">{index + 1}.</span>
                    <span>{section.title}</span>
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>

        <article className="max-w-3xl">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-24 border-b py-8 first:pt-0 last:border-b-0"
            >
              <h2 id={`${section.id}-title`} className="text-xl font-semibold tracking-tight">
                {index + 1}. {section.title}
              </h2>
              <div className="legal-prose mt-4 space-y-4 leading-relaxed [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_h3]:font-semibold [&_li]:pl-1 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
                {section.content}
              </div>
            </section>
          ))}
        </article>
      </div>

      <footer className="bg-accent/50 mt-12 flex flex-col gap-3 rounded-xl border p-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-accent-foreground">{related.text}</p>
        <Link
          to={related.to}
          className="text-primary focus-visible:ring-ring/50 rounded-sm font-semibold underline underline-offset-4 outline-none focus-visible:ring-[3px]"
        >
          {related.label}
        </Link>
      </footer>
    </div>
  );
}
