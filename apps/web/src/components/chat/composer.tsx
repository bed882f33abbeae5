import {
  useId,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from 'react';
import { SendHorizontal } from 'lucide-react';
import { CHAT_MESSAGE_MAX_LENGTH } from '@app/shared';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';

/** The counter appears when this few characters are left. */
const COUNTER_FROM_LEFT = 200;

export interface ComposerProps {
  value: string;
  onChange(value: string): void;
  /** Called with the text when it is not blank; the caller clears the box. */
  onSend(text: string): void;
  sending: boolean;
  placeholder: string;
  /** The box's accessible name. */
  label: string;
  disabled?: boolean;
  /**
   * For a wrapper that offers suggestions as one types (the admin's saved replies): sees each key first,
   * and a key it handles (preventDefault) is not the box's (Enter then picks, it does not send).
   */
  onKeyDown?(event: KeyboardEvent<HTMLTextAreaElement>): void;
  /** The wrapper's extra attributes for the box (aria-controls, aria-activedescendant, a description). */
  inputProps?: Pick<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    'aria-controls' | 'aria-activedescendant' | 'onSelect'
  > & {
    describedBy?: string;
  };
  textareaRef?: Ref<HTMLTextAreaElement>;
  /** Shown just above the box (the wrapper's suggestion list). */
  above?: ReactNode;
}

/**
 * The message box of a conversation (docs/product.md#on-screen): Enter sends, Shift+Enter adds a
 * line, a blank message is never sent, the send button is disabled while
 * sending or empty. CHAT_MESSAGE_MAX_LENGTH is enforced by the box itself (the
 * server enforces it too), with a counter once the limit is near.
 */
export function Composer({
  value,
  onChange,
  onSend,
  sending,
  placeholder,
  label,
  disabled,
  onKeyDown: wrapperKeyDown,
  inputProps,
  textareaRef,
  above,
}: ComposerProps) {
  const counterId = useId();
  const left = CHAT_MESSAGE_MAX_LENGTH - value.length;
  const blank = value.trim() === '';
  const canSend = !blank && !sending && !disabled && left >= 0;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (canSend) onSend(value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    wrapperKeyDown?.(event);
    if (event.defaultPrevented) return;
    // Enter while composing (an IME's candidate) belongs to the input method.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={submit} className="relative grid gap-1">
      {above}
      <div className="flex items-end gap-2">
        <Textarea
          ref={textareaRef}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          aria-label={label}
          aria-describedby={
            [left <= COUNTER_FROM_LEFT ? counterId : '', inputProps?.describedBy ?? ''].filter(Boolean).join(' ') ||
            undefined
          }
          aria-controls={inputProps?.['aria-controls']}
          aria-activedescendant={inputProps?.['aria-activedescendant']}
          onSelect={inputProps?.onSelect}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          disabled={disabled}
          rows={2}
          className="max-h-48 min-h-16 resize-y"
        />
        <Button type="submit" size="icon" aria-label="Send message" disabled={!canSend} className="shrink-0">
          {sending ? <Spinner /> : <SendHorizontal aria-hidden="true" />}
        </Button>
      </div>
      {left <= COUNTER_FROM_LEFT && (
        <p id={counterId} className="text-muted-foreground text-right text-xs tabular-nums" aria-live="polite">
          {left === 1 ? '1 character left' : `${left} characters left`}
        </p>
      )}
    </form>
  );
}
