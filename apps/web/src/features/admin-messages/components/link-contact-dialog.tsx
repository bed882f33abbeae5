import { useId, useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ArrowLeft, Link2 } from 'lucide-react';
import { toast } from 'sonner';
import type { AdminUserDto, WhatsAppContactDto } from '@app/shared';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { serverMessageOr } from '@/lib/api';
import { contactLabel } from '@/lib/whatsapp/contact-label';
import { linkContactToMember, searchMembers } from '../api/whatsapp';
import { useDebouncedSearch } from '../hooks/use-debounced-search';

interface LinkContactDialogProps {
  conversationId: string;
  contact: WhatsAppContactDto;
  /** The contact is linked: its messages are now in this conversation of the member's. */
  onLinked(memberConversationId: string): void;
}

const memberName = (member: AdminUserDto) => member.full_name?.trim() || member.email || 'Unnamed member';

/**
 * "Link to a member", for a WhatsApp contact linked to nobody (decision 056):
 * find the member by name or email, confirm, and the contact's messages move
 * to the member's conversation, which opens. One contact, one member: the
 * server refuses a member who already has one, and says so here.
 */
export function LinkContactDialog({ conversationId, contact, onLinked }: LinkContactDialogProps) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState<AdminUserDto | null>(null);
  const search = useDebouncedSearch(typed, () => {});
  const inputId = useId();
  const matches = useQuery({
    queryKey: ['admin', 'users', 'link-match', search],
    queryFn: () => searchMembers(search),
    enabled: open && search !== '',
    placeholderData: keepPreviousData,
  });
  const link = useMutation({
    mutationFn: (member: AdminUserDto) => linkContactToMember(conversationId, member.id),
    onSuccess: (conversation, member) => {
      toast.success('WhatsApp linked', { description: `${contactLabel(contact)} is now ${memberName(member)}.` });
      setOpen(false);
      onLinked(conversation.conversation_id);
    },
  });

  const reset = () => {
    setTyped('');
    setChosen(null);
    link.reset();
  };

  const found = search !== '' ? (matches.data?.users ?? []) : [];
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Link2 aria-hidden="true" />
          Link to a member
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Link to a member</DialogTitle>
          <DialogDescription>
            {contactLabel(contact)} writes on WhatsApp without being linked to an account. Once linked, these messages
            move to the member&apos;s conversation and your replies reach them there.
          </DialogDescription>
        </DialogHeader>

        {chosen ? (
          <div className="grid gap-3">
            <p className="text-sm">
              Link <strong className="font-semibold">{contactLabel(contact)}</strong> to{' '}
              <strong className="font-semibold">{memberName(chosen)}</strong>
              {chosen.email && chosen.full_name ? ` (${chosen.email})` : ''}?
            </p>
            {link.error && (
              <Alert variant="destructive">
                <AlertDescription>{serverMessageOr(link.error, 'The contact could not be linked.')}</AlertDescription>
              </Alert>
            )}
            <DialogFooter>
              <Button
                variant="ghost"
                onClick={() => {
                  setChosen(null);
                  link.reset();
                }}
              >
                <ArrowLeft aria-hidden="true" />
                Back
              </Button>
              <Button onClick={() => link.mutate(chosen)} busy={link.isPending}>
                Link
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <div className="grid gap-2">
            <Label htmlFor={inputId}>Name or email</Label>
            <Input
              id={inputId}
              type="search"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              placeholder="Search members..."
              autoComplete="off"
            />
            <div aria-live="polite" className="grid min-h-24 content-start gap-1">
              {search === '' ? (
                <p className="text-muted-foreground py-2 text-sm">Type a name or an email.</p>
              ) : matches.isPending ? (
                <p className="text-muted-foreground flex items-center gap-2 py-2 text-sm">
                  <Spinner /> Searching...
                </p>
              ) : matches.isError ? (
                <p className="text-destructive py-2 text-sm">The members could not be searched.</p>
              ) : found.length === 0 ? (
                <p className="text-muted-foreground py-2 text-sm">No member matches “{search}”.</p>
              ) : (
                <ul className="grid gap-1" aria-label="Matching members">
                  {found.map((member) => (
                    <li key={member.id}>
                      <button
                        type="button"
                        onClick={() => setChosen(member)}
                        className="hover:bg-muted focus-visible:ring-ring/50 grid w-full rounded-md px-2 py-1.5 text-left outline-none focus-visible:ring-[3px]"
                      >
                        <span className="text-sm font-medium">{memberName(member)}</span>
                        {member.email && member.full_name && (
                          <span className="text-muted-foreground text-xs">{member.email}</span>
                        )}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
