import { titleCountPrefix, useTitleCount } from '@/lib/title-count';
import { documentTitle } from './document-title';

/**
 * Sets the document title (WCAG 2.4.2). React 19 hoists <title> into <head>,
 * so each screen can name itself where it renders. Public pages use PageHead,
 * which adds the description and sharing tags. On signed-in screens the
 * number of messages waiting goes first (lib/title-count.ts, decision 063).
 */
export function PageTitle({ children }: { children?: string }) {
  const waiting = useTitleCount();
  return <title>{`${titleCountPrefix(waiting)}${documentTitle(children)}`}</title>;
}
