import { useEffect, useRef } from 'react';
import type { LocalPhoneMessageDto } from '@app/shared';
import { useSendReceipts } from '../api/phone-api';
import { usePageVisible } from './use-page-visible';

/**
 * The ticks a member's phone sends for the coach's messages: `delivered` as
 * soon as a reply is on the screen, then `read` while the page is in front
 * (unless read receipts are off, as a WhatsApp user may set). Each receipt is
 * sent once; the server ignores one that would move a message backwards.
 */
export function usePhoneReceipts(
  phone: string | null,
  messages: LocalPhoneMessageDto[] | undefined,
  readReceipts: boolean,
) {
  const { mutateAsync } = useSendReceipts();
  const visible = usePageVisible();
  /** `<status> <external id>` of every receipt sent or on its way. */
  const sent = useRef(new Set<string>());

  useEffect(() => {
    if (!phone || !messages) return;
    const replies = messages.filter((m) => m.direction === 'out');
    const due = (status: 'delivered' | 'read', ids: string[]) =>
      ids.filter((id) => !sent.current.has(`${status} ${id}`));
    const toDeliver = due(
      'delivered',
      replies.filter((m) => m.status === 'sent').map((m) => m.external_id),
    );
    const toRead =
      readReceipts && visible
        ? due(
            'read',
            replies.filter((m) => m.status !== 'read').map((m) => m.external_id),
          )
        : [];
    if (!toDeliver.length && !toRead.length) return;
    const send = async (status: 'delivered' | 'read', ids: string[]) => {
      if (!ids.length) return;
      for (const id of ids) sent.current.add(`${status} ${id}`);
      try {
        await mutateAsync({ phone, external_ids: ids, status });
      } catch {
        // Sent again on the next look at the thread.
        for (const id of ids) sent.current.delete(`${status} ${id}`);
      }
    };
    void (async () => {
      await send('delivered', toDeliver);
      await send('read', toRead);
    })();
  }, [phone, messages, readReceipts, visible, mutateAsync]);
}
