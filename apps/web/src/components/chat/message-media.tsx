import type { ReactNode } from 'react';
import { CircleAlert, LoaderCircle } from 'lucide-react';
import type { ThreadMessage } from '@/lib/realtime/thread';

/** What an attachment is called in the sentences around it. */
function kindName(message: ThreadMessage): string {
  if (message.type === 'image') return 'Image';
  return message.media?.voice === false ? 'Audio file' : 'Voice note';
}

/**
 * A message's attachment (decision 056), the same on the admin inbox and the
 * member's chat: a voice note's player, an image, or a line saying it is still
 * being fetched, could not be, or is a kind of message we do not show. Played
 * and shown from our server only (`media.url`, which checks who asks).
 * Nothing for a text message.
 */
export function MessageMedia({ message, senderName }: { message: ThreadMessage; senderName: string }) {
  const media = message.media;
  if (message.type === 'text' || !media) return null;

  if (message.type === 'other') {
    return <Note>Unsupported message{media.provider_type ? ` (${media.provider_type})` : ''}</Note>;
  }

  const kind = kindName(message);
  if (media.status === 'pending' || (media.status === 'stored' && !media.url)) {
    return (
      <Note>
        <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin motion-reduce:animate-none" />
        {kind} arriving…
      </Note>
    );
  }
  if (media.status === 'failed' || !media.url) {
    return (
      <Note>
        <CircleAlert aria-hidden="true" className="size-3.5" />
        {kind} could not be fetched
      </Note>
    );
  }

  if (message.type === 'image') {
    return (
      <a href={media.url} target="_blank" rel="noopener noreferrer" className="block w-fit">
        <img
          src={media.url}
          alt={media.caption?.trim() || `Image from ${senderName}`}
          loading="lazy"
          className="max-h-72 w-auto max-w-full rounded-md"
        />
      </a>
    );
  }
  return (
    // A voice note has no words to caption: its player is named instead.
    <audio controls preload="metadata" src={media.url} aria-label={kind} className="h-10 w-64 max-w-full" />
  );
}

function Note({ children }: { children: ReactNode }) {
  return <p className="text-muted-foreground inline-flex items-center gap-1.5 text-sm italic">{children}</p>;
}
