import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { toast } from 'sonner';
import { conversationChannel } from '@app/shared';
import { Composer, type ComposerProps } from '@/components/chat/composer';
import { DeliveryFailure, DeliveryStatus } from '@/components/chat/delivery-status';
import { FORMER_COACH_AUTHOR, MessageBubble } from '@/components/chat/message-bubble';
import { ThreadList } from '@/components/chat/thread-list';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, serverMessageOr } from '@/lib/api';
import { temporaryMessage, type ThreadMessage } from '@/lib/realtime/thread';
import { useLiveThread } from '@/lib/realtime/use-live-thread';
import {
  fetchConversationPage,
  markConversationRead,
  sendAdminMessage,
  useConversationCustomer,
  useUpdateConversationCoach,
} from '../api/conversations';
import { useReadWhenSeen } from '../hooks/use-read-when-seen';
import { AssigneeSelect } from './assignee-select';
import { retryMessage } from '../api/whatsapp';
import { useLiveCoachState } from '../hooks/use-live-coach-state';
import { useTypingSignal } from '../hooks/use-typing-signal';
import { CoachControls } from './coach-controls';
import { CoachDraftCard } from './coach-draft-card';
import { LinkContactDialog } from './link-contact-dialog';
import { creditsLine, PlanHeldBadge } from './tier-badge';
import { WhatsAppContactLine } from './whatsapp-contact-line';
import { WhatsAppWindowNote } from './whatsapp-window-note';

/** Every automation message is shown as the AI coach's, whatever wrote its text (issue 26: honesty). */
const AI_COACH_AUTHOR = 'AI coach';

export interface ConversationPaneProps {
  /** The conversation's own id (decision 052). */
  conversationId: string;
  /** Back to the list (shown on narrow screens, where the list and the pane take turns). */
  onBack(): void;
  /** Something the list shows changed here (read, replied). */
  onListChanged(): void;
  /** This conversation's WhatsApp contact was linked to a member: open the member's conversation. */
  onOpenConversation(conversationId: string): void;
  /** The member's programme (their step, check-ins and last summary), supplied by the page; none for a contact who is no member. */
  renderProgramme?: (memberId: string) => ReactNode;
  /** The reply box, supplied by the page (with the saved replies' `/` picker); the plain box when none. */
  renderComposer?: (composer: ComposerProps, personName: string | null) => ReactNode;
  /** A message to show: scrolled into view and highlighted, older pages read until it is there (a search result). */
  focusMessageId?: string | null;
  /** The signed-in admin: their own replies say "You", another coach's show that coach's name. */
  viewerId?: string | undefined;
  /** The member's details and the team's notes, above the thread (the screen gives it when there is no side column). */
  renderContext?: (memberId: string) => ReactNode;
}

/** Who wrote a team message, as the team sees it (decision 061). */
function teamAuthor(message: ThreadMessage, viewerId: string | undefined): string {
  if (message.author === 'automation') return AI_COACH_AUTHOR;
  if (message.sender_left) return FORMER_COACH_AUTHOR;
  // Ours, or just sent (its temporary entry names nobody yet).
  if (message.author_id === null || message.author_id === viewerId) return 'You';
  return message.author_name ?? 'Another coach';
}

/** One customer's conversation (docs/product.md#on-screen): header, the 50vh message list, the reply box. */
export function ConversationPane({
  conversationId,
  onBack,
  onListChanged,
  onOpenConversation,
  renderProgramme,
  renderComposer = (composer) => <Composer {...composer} />,
  focusMessageId = null,
  viewerId,
  renderContext,
}: ConversationPaneProps) {
  const customer = useConversationCustomer(conversationId);
  const updateCoach = useUpdateConversationCoach(conversationId);
  // Who answers changes on the server (a coach's reply pauses the AI, a crisis): the header follows it live.
  useLiveCoachState(conversationId, updateCoach);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [retrying, setRetrying] = useState<string | null>(null);
  const paneContent = useRef<HTMLDivElement>(null);
  const whatsapp = customer.data?.whatsapp ?? null;
  // Typing shows on the person's WhatsApp only while a reply can reach it: the window is open.
  const windowOpen = useCallback(
    () => whatsapp?.window_closes_at != null && Date.parse(whatsapp.window_closes_at) > Date.now(),
    [whatsapp],
  );
  const typing = useTypingSignal(conversationId, windowOpen);
  const thread = useLiveThread({
    key: conversationId,
    fetchPage: (cursor) => fetchConversationPage(conversationId, cursor),
    channel: conversationChannel(conversationId),
    onLoadError: (error) => {
      // A conversation that does not exist is said once, by the pane ('Conversation not found').
      if (!(error instanceof ApiError && error.status === 404)) {
        toast.error('Error', { description: 'Failed to fetch messages' });
      }
    },
    onOlderError: () => toast.error('Error', { description: 'Failed to load more messages' }),
  });

  useEffect(() => setDraft(''), [conversationId]);

  // A decided draft's card goes, and its buttons with it: keyboard focus moves to the reply box.
  const draftId = customer.data?.coach.draft?.id ?? null;
  const shownDraft = useRef(draftId);
  useEffect(() => {
    const hadDraft = shownDraft.current !== null;
    shownDraft.current = draftId;
    if (hadDraft && draftId === null && document.activeElement === document.body) {
      paneContent.current?.querySelector('textarea')?.focus();
    }
  }, [draftId]);

  // Opening a conversation reads it, and so does a message arriving while it is on screen (decision 061):
  // once its first page is in, whenever an unread message of the person shows in a visible tab.
  // A failure is only logged (docs/product.md#on-screen).
  const loaded = thread.status === 'ready';
  const hasUnread = thread.messages.some((m) => !m.is_admin_message && m.read_at === null);
  useReadWhenSeen(loaded && hasUnread, () =>
    markConversationRead(conversationId).then(
      (result) => {
        if (result.marked > 0) {
          thread.markRead('admin', new Date().toISOString());
          onListChanged();
        }
      },
      (error: unknown) => console.warn('Marking the conversation read failed', error),
    ),
  );

  // A search result opened here: older pages are read until its message is in the list (the list shows it).
  const soughtFor = useRef<string | null>(null);
  useEffect(() => {
    if (!focusMessageId || !loaded || soughtFor.current === focusMessageId) return;
    soughtFor.current = focusMessageId;
    void thread.loadOlderThrough(focusMessageId).then((found) => {
      if (!found) toast.error('Error', { description: 'That message could not be found in this conversation' });
    });
    // Once per message asked for, when the first page is in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusMessageId, loaded]);

  const send = async (text: string) => {
    const temporary = temporaryMessage({ conversationId, memberId: customer.data?.customer_id ?? null }, text, true);
    thread.upsert(temporary);
    setDraft('');
    setSending(true);
    typing.sent();
    try {
      const saved = await sendAdminMessage(conversationId, text, temporary.client_id!);
      // The saved message takes the temporary entry's place (its frame may already have arrived: merged by id).
      thread.remove(temporary.id);
      thread.upsert(saved);
      onListChanged();
      // A coach's reply pauses the AI here; the frame says so too, but the sender sees it at once.
      void updateCoach();
    } catch {
      thread.remove(temporary.id);
      // The text goes back to the box, unless something new was typed meanwhile.
      setDraft((current) => (current === '' ? text : current));
      toast.error('Error', { description: 'Failed to send message' });
    } finally {
      setSending(false);
    }
  };

  // A failed WhatsApp reply sent again: it shows pending until WhatsApp's next receipt.
  const retry = async (message: ThreadMessage) => {
    setRetrying(message.id);
    try {
      thread.upsert(await retryMessage(conversationId, message.id));
    } catch (error) {
      toast.error('Error', { description: serverMessageOr(error, 'Failed to send the message again') });
    } finally {
      setRetrying(null);
    }
  };

  const notFound = customer.error instanceof ApiError && customer.error.status === 404;
  const back = (
    <Button variant="ghost" size="sm" onClick={onBack} className="justify-self-start lg:hidden">
      <ArrowLeft aria-hidden="true" />
      All conversations
    </Button>
  );

  if (notFound) {
    return (
      <Card className="py-6">
        <CardContent className="grid justify-items-start gap-3">
          {back}
          <p className="text-muted-foreground">Conversation not found</p>
        </CardContent>
      </Card>
    );
  }

  const loading = customer.isPending || thread.status === 'loading';
  return (
    // From 1024 px the pane is as high as its column: the thread takes what is left and scrolls
    // itself, so the reply box stays at the bottom of the screen (decision 061).
    <Card className="gap-4 py-4 lg:min-h-0">
      <CardContent
        ref={paneContent}
        className="grid gap-4 px-4 lg:flex lg:min-h-0 lg:flex-1 lg:flex-col lg:[&>*]:shrink-0"
      >
        {back}
        {loading ? (
          <p role="status" className="text-muted-foreground flex items-center gap-2 py-8">
            <Spinner /> Loading conversation...
          </p>
        ) : (
          <>
            {customer.data && (
              <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b pb-3">
                <h2 className="text-lg font-semibold">{customer.data.customer_name}</h2>
                {customer.data.customer_plan && <PlanHeldBadge plan={customer.data.customer_plan} />}
                {customer.data.customer_credits !== null && (
                  <span className="text-muted-foreground text-sm">{creditsLine(customer.data.customer_credits)}</span>
                )}
                {whatsapp && <WhatsAppContactLine contact={whatsapp.contact} />}
                <AssigneeSelect
                  conversationId={conversationId}
                  assignee={customer.data.assignee}
                  onAssigned={onListChanged}
                />
                {whatsapp && customer.data.customer_id === null && (
                  <LinkContactDialog
                    conversationId={conversationId}
                    contact={whatsapp.contact}
                    onLinked={(memberConversationId) => {
                      onListChanged();
                      onOpenConversation(memberConversationId);
                    }}
                  />
                )}
              </header>
            )}
            {customer.data && (
              <CoachControls
                conversationId={conversationId}
                customerName={customer.data.customer_name}
                coach={customer.data.coach}
                onChanged={(coach) => {
                  void updateCoach(coach);
                  onListChanged();
                }}
              />
            )}
            {customer.data?.customer_id && renderContext?.(customer.data.customer_id)}
            {customer.data?.customer_id && renderProgramme?.(customer.data.customer_id)}
            {thread.status === 'error' ? (
              <div className="grid h-[50vh] content-center justify-items-center gap-3 rounded-md border lg:h-auto lg:min-h-48 lg:flex-1 lg:shrink!">
                <p className="text-muted-foreground text-sm">The messages could not be loaded.</p>
                <Button variant="outline" onClick={thread.reload}>
                  Try again
                </Button>
              </div>
            ) : (
              <ThreadList
                label={`Conversation with ${customer.data?.customer_name ?? 'the customer'}`}
                className="h-[50vh] lg:h-auto lg:min-h-48 lg:flex-1 lg:shrink!"
                messages={thread.messages}
                highlightId={focusMessageId}
                hasOlder={thread.hasOlder}
                loadingOlder={thread.loadingOlder}
                onLoadOlder={() => void thread.loadOlder()}
                empty={<p className="text-muted-foreground py-8 text-center text-sm">No messages yet</p>}
                renderMessage={(message) => (
                  <MessageBubble
                    message={message}
                    own={message.is_admin_message}
                    person={customer.data?.customer_name ?? 'Customer'}
                    author={
                      !message.is_admin_message
                        ? (customer.data?.customer_name ?? 'Customer')
                        : teamAuthor(message, viewerId)
                    }
                    status={
                      message.is_admin_message ? (
                        <DeliveryStatus message={message} />
                      ) : message.read_at === null ? (
                        <span className="text-primary font-medium">• Unread</span>
                      ) : undefined
                    }
                    footer={
                      message.is_admin_message && (
                        <DeliveryFailure
                          message={message}
                          onRetry={(failed) => void retry(failed)}
                          retrying={retrying === message.id}
                        />
                      )
                    }
                  />
                )}
              />
            )}
            {customer.data?.coach.draft && (
              <CoachDraftCard
                key={customer.data.coach.draft.id}
                conversationId={conversationId}
                draft={customer.data.coach.draft}
                onSent={(message) => {
                  thread.upsert(message);
                  onListChanged();
                }}
                onSettled={() => void updateCoach()}
              />
            )}
            {whatsapp && <WhatsAppWindowNote whatsapp={whatsapp} hasMember={customer.data?.customer_id != null} />}
            {renderComposer(
              {
                value: draft,
                onChange: (text) => {
                  setDraft(text);
                  if (whatsapp && text.trim() !== '') typing.typed();
                },
                onSend: (text) => void send(text),
                sending,
                placeholder: 'Type your message...',
                label: `Message to ${customer.data?.customer_name ?? 'the customer'}`,
              },
              customer.data?.customer_name ?? null,
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
