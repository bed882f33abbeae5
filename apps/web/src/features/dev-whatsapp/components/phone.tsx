import { useState } from 'react';
import { AlertTriangle, Leaf } from 'lucide-react';
import { PRODUCT_NAME, type LocalPhoneAudioType, type LocalPhoneReply, type LocalPhoneSendDto } from '@app/shared';
import { Composer } from '@/components/chat/composer';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { usePhoneThread, useSendFromPhone } from '../api/phone-api';
import { usePhoneReceipts } from '../hooks/use-phone-receipts';
import { chatLinkMessage } from '../lib/chat-link';
import { PhoneThread } from './phone-thread';
import type { PhoneIdentity } from './phone-identity';
import { VoiceNote } from './voice-note';

const formatNumber = (digits: string) => `+${digits}`;

interface PhoneProps {
  identity: PhoneIdentity;
  /** A message to start with (the page's `?text=`, as a chat link carries it). */
  initialText?: string;
}

/**
 * The simulated phone: its chat with the business number. What it sends goes
 * through the server's real webhook endpoint; the coach's replies arrive by
 * polling, and the phone sends their delivered and read receipts.
 */
export function Phone({ identity, initialText = '' }: PhoneProps) {
  const thread = usePhoneThread(identity.phone);
  const sendFromPhone = useSendFromPhone();
  const [draft, setDraft] = useState(initialText);
  const [linkNote, setLinkNote] = useState<string | null>(null);
  const [readReceipts, setReadReceipts] = useState(true);
  const [outcome, setOutcome] = useState<LocalPhoneSendDto | null>(null);
  const businessNumber = thread.data?.business_number;
  usePhoneReceipts(identity.phone, thread.data?.messages, readReceipts);

  const changeDraft = (value: string) => {
    const link = chatLinkMessage(value);
    if (!link) {
      setDraft(value);
      return;
    }
    // Following a chat link opens the chat with its message in the box, ready to edit or send.
    setDraft(link.text);
    setLinkNote(
      link.number && businessNumber && link.number !== businessNumber
        ? `Filled in the link’s message. The link is for ${formatNumber(link.number)}; this phone writes to ${formatNumber(businessNumber)}.`
        : 'Filled in the link’s message.',
    );
  };

  const send = (
    body: { text: string } | { audio: { data: string; mime_type: LocalPhoneAudioType } } | { reply: LocalPhoneReply },
  ) =>
    sendFromPhone.mutateAsync({ phone: identity.phone, profile_name: identity.profileName, ...body }).then((sent) => {
      setOutcome(sent);
      return sent;
    });

  const sendText = (text: string) =>
    send({ text }).then(
      () => {
        // Only what was sent is cleared: words typed while it was on its way stay in the box.
        setDraft((current) => (current === text ? '' : current));
        setLinkNote(null);
      },
      () => undefined,
    );

  const refused = outcome && outcome.webhook.status !== 200 ? outcome.webhook.status : null;

  return (
    <section
      aria-label={`Phone ${formatNumber(identity.phone)}`}
      className="bg-background mx-auto flex w-full max-w-md flex-col overflow-hidden rounded-[2rem] border-8 border-neutral-800 shadow-lg dark:border-neutral-700"
    >
      <header className="bg-primary text-primary-foreground flex items-center gap-3 px-4 py-3">
        <span className="bg-primary-foreground/15 flex size-10 items-center justify-center rounded-full">
          <Leaf aria-hidden="true" className="size-5" />
        </span>
        <div className="grid">
          <h2 className="leading-tight font-semibold">{PRODUCT_NAME}</h2>
          <p className="text-primary-foreground/80 text-xs">
            {businessNumber ? formatNumber(businessNumber) : 'WhatsApp Business'}
          </p>
        </div>
      </header>

      <div className="bg-muted/50 flex min-h-72 flex-1 flex-col">
        {thread.isPending ? (
          <div className="grid gap-2 p-3" aria-label="Loading messages">
            <Skeleton className="h-12 w-2/3 justify-self-end rounded-2xl" />
            <Skeleton className="h-16 w-3/4 rounded-2xl" />
          </div>
        ) : thread.isError ? (
          <div className="p-3">
            <Alert variant="destructive">
              <AlertTitle>Could not load this phone’s messages</AlertTitle>
              <AlertDescription>{thread.error.message}</AlertDescription>
            </Alert>
          </div>
        ) : (
          <PhoneThread
            messages={thread.data.messages}
            onReply={(reply) => void send({ reply }).catch(() => undefined)}
            replying={sendFromPhone.isPending}
            className="max-h-[28rem] min-h-72 flex-1"
          />
        )}
      </div>

      <div className="grid gap-3 border-t p-3">
        {sendFromPhone.isError && (
          <Alert variant="destructive">
            <AlertTitle>Not sent</AlertTitle>
            <AlertDescription>{sendFromPhone.error.message}</AlertDescription>
          </Alert>
        )}
        {refused && (
          <Alert>
            <AlertTriangle aria-hidden="true" />
            <AlertTitle>The webhook endpoint answered {refused}</AlertTitle>
            <AlertDescription>
              The phone sent it, but the server did not accept it (WhatsApp would retry). Check the server’s log.
            </AlertDescription>
          </Alert>
        )}
        <Composer
          value={draft}
          onChange={changeDraft}
          onSend={(text) => void sendText(text)}
          sending={sendFromPhone.isPending}
          placeholder="Message, or paste a chat link"
          label="Message"
        />
        {linkNote && (
          <p className="text-muted-foreground text-sm" role="status">
            {linkNote}
          </p>
        )}
        <VoiceNote onSend={(audio) => send({ audio })} sending={sendFromPhone.isPending} />
        <div className="flex items-center gap-2">
          <Switch id="read-receipts" checked={readReceipts} onCheckedChange={setReadReceipts} />
          <Label htmlFor="read-receipts" className="font-normal">
            Send read receipts
          </Label>
        </div>
      </div>
    </section>
  );
}
