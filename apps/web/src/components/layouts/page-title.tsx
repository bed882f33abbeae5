/**
 * Sets the document title (WCAG 2.4.2). React 19 hoists <title> into <head>,
 * so each screen can name itself where it renders.
 */
export function PageTitle({ children }: { children?: string }) {
  return <title>{children ? `${children} · Calm Space` : 'Calm Space'}</title>;
}
