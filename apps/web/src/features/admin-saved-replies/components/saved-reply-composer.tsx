import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { fillSavedReply, type SavedReplyDto } from '@app/shared';
import { Composer, type ComposerProps } from '@/components/chat/composer';
import { cn } from '@/lib/cn';
import { useSavedReplies } from '../api/saved-replies';

/** At most this many replies are listed at once; typing narrows them. */
const SHOWN = 8;

/**
 * `/` typed at the start of the box or after a space or line break, and what follows it on that line up to the
 * caret, at most 40 characters (past that the person is writing, not looking): the picker's search. Titles have
 * spaces, so the search may too.
 */
function slashAt(text: string, caret: number): { start: number; query: string } | null {
  const match = /(?:^|\s)\/([^\n/]{0,40})$/.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - match[1]!.length - 1, query: match[1]!.toLowerCase() };
}

function matching(replies: readonly SavedReplyDto[], query: string): SavedReplyDto[] {
  if (query === '') return replies.slice(0, SHOWN);
  const starts = replies.filter((r) => r.title.toLowerCase().startsWith(query));
  const contains = replies.filter(
    (r) => !starts.includes(r) && (r.title.toLowerCase().includes(query) || r.body.toLowerCase().includes(query)),
  );
  return [...starts, ...contains].slice(0, SHOWN);
}

/**
 * The admin's message box with the team's saved replies (decision 062): typing
 * `/` lists them, more letters narrow the list, ↑ and ↓ choose, Enter or Tab
 * puts the chosen one in place of the `/…` with `{first_name}` filled in,
 * Escape closes the list. The box keeps focus throughout (aria-activedescendant
 * names the chosen reply), so typing never stops.
 */
export function SavedReplyComposer({
  personName,
  ...composer
}: ComposerProps & { personName: string | null | undefined }) {
  const replies = useSavedReplies();
  const listId = useId();
  const hintId = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  // Escape closes the list for this `/` only: the next one opens it again.
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  // Where the caret goes once an inserted reply is in the box.
  const caretAfterInsert = useRef<number | null>(null);

  const slash = slashAt(composer.value, caret);
  const asked = slash !== null && slash.start !== dismissedAt && !composer.disabled;
  const options = useMemo(
    () => (asked ? matching(replies.data ?? [], slash.query) : []),
    [asked, replies.data, slash?.query],
  );
  // Words with a space that match nothing: a sentence that began with `/`, not a search. The list goes.
  const open = asked && (options.length > 0 || !slash.query.includes(' '));
  const chosen = options[Math.min(active, options.length - 1)];
  const optionId = (reply: SavedReplyDto) => `${listId}-${reply.id}`;

  useLayoutEffect(() => {
    const at = caretAfterInsert.current;
    if (at === null || !box.current) return;
    caretAfterInsert.current = null;
    box.current.setSelectionRange(at, at);
    setCaret(at);
  }, [composer.value]);

  const insert = (reply: SavedReplyDto) => {
    if (!slash) return;
    const text = fillSavedReply(reply.body, personName);
    const before = composer.value.slice(0, slash.start);
    const after = composer.value.slice(caret);
    caretAfterInsert.current = before.length + text.length;
    composer.onChange(before + text + after);
    setActive(0);
    box.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open || event.nativeEvent.isComposing) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      setDismissedAt(slash.start);
    } else if (options.length === 0) {
      return;
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (Math.min(i, options.length - 1) + step + options.length) % options.length);
    } else if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
      event.preventDefault();
      if (chosen) insert(chosen);
    }
  };

  const listed = open && (replies.data !== undefined || replies.isPending);
  return (
    <>
      <p id={hintId} className="sr-only">
        Type / for saved replies.
      </p>
      <Composer
        {...composer}
        textareaRef={box}
        onChange={(text) => {
          composer.onChange(text);
          setCaret(box.current?.selectionStart ?? text.length);
          setActive(0);
          if (dismissedAt !== null && !text.slice(dismissedAt).startsWith('/')) setDismissedAt(null);
        }}
        onKeyDown={onKeyDown}
        inputProps={{
          describedBy: hintId,
          'aria-controls': listed ? listId : undefined,
          'aria-activedescendant': listed && chosen ? optionId(chosen) : undefined,
          // The caret moves with typing, clicks and arrow keys: the `/…` it sits after is what the picker reads.
          onSelect: (event) => setCaret(event.currentTarget.selectionStart),
        }}
        above={
          listed && (
            <div className="bg-popover text-popover-foreground absolute inset-x-0 bottom-full z-20 mb-2 rounded-md border shadow-md">
              <p className="text-muted-foreground border-b px-3 py-1.5 text-xs" aria-live="polite">
                {replies.isPending
                  ? 'Loading saved replies...'
                  : options.length === 0
                    ? (replies.data ?? []).length === 0
                      ? 'No saved replies yet: admins add them under Saved Replies.'
                      : `No saved reply matches “${slash.query}”.`
                    : `Saved replies: ↑ ↓ to choose, Enter to insert, Esc to close (${options.length} shown)`}
              </p>
              <ul id={listId} role="listbox" aria-label="Saved replies" className="max-h-64 overflow-y-auto py-1">
                {options.map((reply) => (
                  <li
                    key={reply.id}
                    id={optionId(reply)}
                    role="option"
                    aria-selected={reply === chosen}
                    // A click picks without taking focus from the box.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => insert(reply)}
                    className={cn(
                      'grid cursor-pointer gap-0.5 px-3 py-2 text-sm',
                      reply === chosen ? 'bg-accent text-accent-foreground' : 'hover:bg-muted',
                    )}
                  >
                    <span className="font-medium">{reply.title}</span>
                    <span className="text-muted-foreground line-clamp-1">{fillSavedReply(reply.body, personName)}</span>
                  </li>
                ))}
              </ul>
            </div>
          )
        }
      />
    </>
  );
}
