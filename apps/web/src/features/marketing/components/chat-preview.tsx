import { Mic } from 'lucide-react';
import { LogoMark } from '@/components/layouts/logo';
import { cn } from '@/lib/cn';

const MESSAGES = [
  { from: 'member', text: 'Board review in 20 minutes and my mind has gone blank. Heart racing.' },
  {
    from: 'coach',
    text: 'Thank you for telling me. Let’s slow things down first: breathe in for 4, hold for 4, out for 6. Three rounds — I’ll wait.',
  },
  { from: 'member', voice: '0:12' },
  {
    from: 'coach',
    text: 'Good. Now write down the one point you most want the board to remember. That is your anchor.',
  },
] as const;

/** An illustration of a coaching chat (decorative: the surrounding text says the same in words). */
export function ChatPreview() {
  return (
    <figure className="mx-auto w-full max-w-md">
      <div className="bg-card overflow-hidden rounded-2xl border shadow-md">
        <div className="bg-primary text-primary-foreground flex items-center gap-3 px-4 py-3">
          <LogoMark className="size-9 rounded-full ring-2 ring-white/40" />
          <div>
            <p className="font-semibold leading-tight">Calm Space coach</p>
            <p className="text-xs text-teal-50">Replies in seconds</p>
          </div>
        </div>
        <ul className="flex flex-col gap-3 bg-teal-50/60 p-4">
          {MESSAGES.map((message, index) => (
            <li
              key={index}
              className={cn(
                'max-w-[85%] rounded-2xl px-4 py-2.5 text-sm leading-relaxed shadow-xs',
                message.from === 'member'
                  ? 'self-end rounded-br-sm bg-emerald-100 text-emerald-950'
                  : 'bg-card self-start rounded-bl-sm',
              )}
            >
              <span className="sr-only">{message.from === 'member' ? 'You: ' : 'Coach: '}</span>
              {'voice' in message ? (
                <span className="flex items-center gap-2">
                  <Mic aria-hidden="true" className="size-4" />
                  <span aria-hidden="true" className="flex h-4 items-center gap-0.5">
                    {[3, 6, 9, 5, 11, 7, 4, 8, 12, 6, 3, 7, 5].map((h, i) => (
                      <span key={i} className="w-0.5 rounded-full bg-emerald-800/70" style={{ height: `${h}px` }} />
                    ))}
                  </span>
                  <span>Voice note, {message.voice}</span>
                </span>
              ) : (
                message.text
              )}
            </li>
          ))}
        </ul>
      </div>
      <figcaption className="text-muted-foreground mt-3 text-center text-sm">
        An example conversation, by text and voice note.
      </figcaption>
    </figure>
  );
}
