import type { ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { useConversationCustomer } from '../api/conversations';

/**
 * The member's context in its own column beside the conversation, on wide screens
 * (decision 060). It scrolls on its own, so the conversation and its reply box stay put.
 * A contact who is no member has none.
 */
export function MemberContextColumn({
  conversationId,
  renderContext,
  renderProgramme,
}: {
  conversationId: string;
  renderContext: (memberId: string) => ReactNode;
  /** The member's programme, here rather than in the pane, so the conversation keeps its height. */
  renderProgramme?: ((memberId: string) => ReactNode) | undefined;
}) {
  const customer = useConversationCustomer(conversationId);
  const memberId = customer.data?.customer_id;
  if (!memberId) return <div aria-hidden="true" />;
  return (
    <aside
      aria-label="About the member"
      className="grid min-h-0 content-start gap-3 overflow-y-auto pr-1"
      // Scrolling the column to its end never scrolls the page under it.
      style={{ overscrollBehavior: 'contain' }}
    >
      {renderContext(memberId)}
      {renderProgramme?.(memberId)}
    </aside>
  );
}

/** Below the wide layout: the same context, folded above the thread, so the reply box stays in view. */
export function MemberContextDisclosure({ children }: { children: ReactNode }) {
  return (
    <details className="group rounded-lg border">
      <summary className="hover:bg-muted/40 focus-visible:ring-ring/40 flex cursor-pointer list-none items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm font-medium outline-none focus-visible:ring-[3px] [&::-webkit-details-marker]:hidden">
        Member details and team notes
        <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <div className="grid gap-3 border-t p-3">{children}</div>
    </details>
  );
}
