import { useCallback, useRef, useState, type ReactNode } from 'react';
import { MessagesSquare } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@/lib/app-navigation';
import { toast } from 'sonner';
import { conversationChannel, type ChatMessageDto } from '@app/shared';
import { Composer } from '@/components/chat/composer';
import { ConnectionHint } from '@/components/chat/connection-hint';
import { FORMER_COACH_AUTHOR, MessageBubble } from '@/components/chat/message-bubble';
import { ThreadList } from '@/components/chat/thread-list';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, serverMessageOr } from '@/lib/api-request';
import { requireMember, useMember } from '@/lib/member-api/member-api';
import { temporaryMessage } from '@/lib/realtime/thread';
import { useLiveThread } from '@/lib/realtime/use-live-thread';
import { conversationAccessQueryKey } from '../api/get-conversation-access';
import { isTrialExpired } from '../api/track-trial-use';
import { useMarkRepliesRead } from '../hooks/use-mark-replies-read';
import { showTrialExpiredToast } from '../lib/trial-expired-toast';
import { EmptyState } from '@/components/empty-state';

const TOO_MANY_MESSAGES =
  "You've sent a lot of messages in the last minute. Please wait a moment, then send this one again.";

/** What the chat tells the pieces beside it (the AI coach's typing line and status) about its conversation. */
interface ChatConversation {
  /** Known with the first page; null before. */
  id: string | null;
  /** The newest message from the team's side held (an answer ends "AI coach is typing…"). */
  lastTeamMessageId: string | null;
  /** How many messages the member sent from this screen. */
  sent: number;
}

interface CoachChatProps {
  /** Runs after a message is saved (the activity figures count it; the first one may start the trial conversation). */
  onSent?: () => unknown;
  /** Between the messages and the composer: the first sign of life ("AI coach is typing…"). */
  renderTyping?: (conversation: ChatConversation) => ReactNode;
  /** Under the composer: who answers, "Talk to a person", "Need urgent help?". */
  renderStatus?: (conversation: ChatConversation) => ReactNode;
  /** Below a message's text: a programme message's answer, buttons or card (decision 058). */
  renderAttachment?: (message: ChatMessageDto) => ReactNode;
}

/**
 * "Your coach" (docs/product.md#on-screen): the member's
 * conversation with the coaching team, live. The member writes here, sees
 * replies arrive (the AI coach's labelled as such) and sees which of their
 * messages the coach has read. The route fills the slots with the coach's
 * pieces (features never import one another, decision 019).
 */
export function CoachChat({ onSent, renderTyping, renderStatus, renderAttachment }: CoachChatProps) {
  const member = requireMember(useMember());
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(0);
  const listArea = useRef<HTMLDivElement>(null);
  // The conversation's id comes with its first page (decision 052); its channel is joined from then on.
  const [conversationId, setConversationId] = useState<string | null>(null);
  const { getChatPage } = member.api;
  const fetchPage = useCallback(
    async (cursor: { before?: string; after?: string }) => {
      const page = await getChatPage(cursor);
      setConversationId(page.conversation_id);
      return page;
    },
    [getChatPage],
  );
  const thread = useLiveThread({
    key: member.userId,
    fetchPage,
    // The demo has no coach and no socket: its conversation lives in this page.
    channel: member.demo || !conversationId ? null : conversationChannel(conversationId),
    onOlderError: () => toast.error('Error', { description: 'Failed to load more messages' }),
  });

  const { markRead: markReadHere } = thread;
  const markRead = useCallback(async () => {
    const result = await member.api.markChatRead();
    if (result.marked > 0) markReadHere('member', new Date().toISOString());
  }, [member.api, markReadHere]);
  useMarkRepliesRead(listArea, thread.messages, markRead);

  const send = async (text: string) => {
    const temporary = temporaryMessage({ conversationId: conversationId ?? '', memberId: member.userId }, text, false);
    thread.upsert(temporary);
    setDraft('');
    setSending(true);
    try {
      const saved = await member.api.sendChatMessage(text, temporary.client_id!);
      thread.remove(temporary.id);
      thread.upsert(saved);
      // The demo has no socket to bring its scripted coach's answer: it reads what came after.
      if (member.demo) thread.upsert(...(await fetchPage({ after: saved.id })).messages);
      setSent((n) => n + 1);
      // The first message may have started the trial conversation.
      void queryClient.invalidateQueries({ queryKey: conversationAccessQueryKey(member.userId) });
      void onSent?.();
    } catch (error) {
      thread.remove(temporary.id);
      setDraft((current) => (current === '' ? text : current));
      if (isTrialExpired(error)) showTrialExpiredToast(member.demo, (to, options) => void navigate(to, options));
      else if (error instanceof ApiError && error.status === 429) {
        toast.error('Too many messages', { description: serverMessageOr(error, TOO_MANY_MESSAGES) });
      } else toast.error('Error', { description: serverMessageOr(error, 'Failed to send message') });
    } finally {
      setSending(false);
    }
  };

  const lastTeamMessage = thread.messages.findLast((message) => message.is_admin_message && !message.pending);
  const conversation: ChatConversation = {
    id: member.demo ? null : conversationId,
    lastTeamMessageId: lastTeamMessage?.id ?? null,
    sent,
  };

  return (
    // The header's "new reply" link and the reply toasts lead here (/dashboard#coach-chat, decision 063).
    <Card id="coach-chat" className="scroll-mt-20">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessagesSquare aria-hidden="true" className="text-primary size-5" />
          Your coach
        </CardTitle>
        <CardDescription>
          {member.demo ? (
            'Try writing to your coach: in the demo the AI coach answers with scripted replies, and your messages stay in this page.'
          ) : (
            <>
              Write to your coach here or on WhatsApp: it&apos;s one conversation, so everything shows in both. This
              chat suits a longer message at your desk; WhatsApp suits a quick word on the go, and brings replies to
              your phone when this page is closed.
            </>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div ref={listArea}>
          {thread.status === 'loading' ? (
            <Skeleton className="h-72" />
          ) : thread.status === 'error' ? (
            <div role="alert" className="grid h-72 content-center justify-items-center gap-3 rounded-md border p-4">
              <p className="text-muted-foreground text-center text-sm">Your messages aren&apos;t available just now.</p>
              <Button variant="outline" onClick={thread.reload}>
                Try again
              </Button>
            </div>
          ) : (
            <ThreadList
              label="Messages with your coach"
              className="h-72"
              messages={thread.messages}
              hasOlder={thread.hasOlder}
              loadingOlder={thread.loadingOlder}
              onLoadOlder={() => void thread.loadOlder()}
              empty={
                <div className="grid h-full place-items-center p-2">
                  <EmptyState art="empty-messages">
                    No messages yet. When you&apos;re ready, your coach is one message away.
                  </EmptyState>
                </div>
              }
              renderMessage={(message) => (
                <MessageBubble
                  message={message}
                  own={!message.is_admin_message}
                  person="You"
                  // The AI coach's messages carry their own "AI coach" label (MessageBubble). A coach is
                  // named by first name, so the member knows who of the team answers (decision 061).
                  author={
                    !message.is_admin_message
                      ? 'You'
                      : message.sender_left
                        ? FORMER_COACH_AUTHOR
                        : (message.author_name ?? 'Your coach')
                  }
                  status={
                    message.pending ? (
                      <span>• Sending…</span>
                    ) : !message.is_admin_message ? (
                      <span className={message.read_at ? 'text-primary font-medium' : undefined}>
                        • {message.read_at ? 'Read' : 'Sent'}
                      </span>
                    ) : undefined
                  }
                  footer={renderAttachment?.(message)}
                />
              )}
            />
          )}
        </div>
        {renderTyping?.(conversation)}
        <Composer
          value={draft}
          onChange={setDraft}
          onSend={(text) => void send(text)}
          sending={sending}
          placeholder="Write to your coach..."
          label="Message to your coach"
        />
        <ConnectionHint className="min-h-4" />
        {renderStatus?.(conversation)}
      </CardContent>
    </Card>
  );
}
