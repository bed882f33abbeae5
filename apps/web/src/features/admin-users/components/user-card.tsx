import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { AdminUserDto, WhatsAppContactDto } from '@app/shared';
import { RelativeTime } from '@/components/relative-time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { billingInWords } from '@/lib/member-billing-words';
import { contactLabel } from '@/lib/whatsapp/contact-label';
import type { useUserActions } from '../api/user-actions';
import { ConfirmAccountChange } from './confirm-account-change';
import { CreditsDialog } from './credits-dialog';
import { EmailCopy } from './email-copy';
import { PlanSelector } from './plan-selector';
import { RoleManager } from './role-manager';
import { TrackerFeedbackDialog } from './tracker-feedback-dialog';

/**
 * The member's linked WhatsApp (decision 056). Optional here so the card
 * works with a server that does not send it yet: the row is then left out.
 */
type UserWithWhatsApp = AdminUserDto & { whatsapp?: WhatsAppContactDto | null };

interface UserCardProps {
  user: AdminUserDto;
  isLastAdmin: boolean;
  isSelf: boolean;
  actions: ReturnType<typeof useUserActions>;
  /** Further controls (the change history), supplied by the page. */
  extraActions?: ReactNode;
  /** The member's programme (their step, check-ins and last summary), supplied by the page. */
  programme?: ReactNode;
  /** The team's private notes on the member (decision 060), supplied by the page. */
  notes?: ReactNode;
}

/** One member on the admin Users screen (docs/product.md#admin-back-office). */
export function UserCard({ user, isLastAdmin, isSelf, actions, extraActions, programme, notes }: UserCardProps) {
  const name = user.full_name?.trim() || 'Anonymous User';
  const whatsapp = (user as UserWithWhatsApp).whatsapp;
  const billing = billingInWords(user.billing);
  const togglingThis = actions.setActive.isPending && actions.setActive.variables?.id === user.id;
  // Deactivating signs the person out everywhere: asked once more, naming them (decision 061).
  const [confirmingDeactivate, setConfirmingDeactivate] = useState(false);

  const toggleActive = () =>
    actions.setActive.mutate(
      { id: user.id, isActive: !user.is_active },
      {
        onSuccess: (result) =>
          toast.success('Success', {
            description: `User ${result.is_active ? 'activated' : 'deactivated'} successfully`,
          }),
        onError: () => toast.error('Error', { description: 'Failed to toggle user activation' }),
        onSettled: () => setConfirmingDeactivate(false),
      },
    );

  return (
    <Card className="gap-0 py-4" aria-labelledby={`user-${user.id}-name`} role="article">
      <CardContent className="grid gap-3 px-4 sm:px-5">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h2 id={`user-${user.id}-name`} className="truncate font-semibold">
              {name}
            </h2>
            {user.email && <EmailCopy email={user.email} />}
          </div>
          <Badge
            variant={user.is_active ? 'secondary' : 'destructive'}
            className={user.is_active ? 'bg-emerald-100 text-emerald-900' : undefined}
          >
            {user.is_active ? 'Active' : 'Inactive'}
          </Badge>
        </div>

        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm sm:gap-x-6">
          <dt className="self-start text-muted-foreground">Plan</dt>
          <dd>
            <span className="block font-medium">{billing.plan}</span>
            <span className="block">{billing.paidBy}</span>
            <span className="text-muted-foreground block">{billing.access}</span>
          </dd>
          {/* The team may give The Space Pass for a while: a plan grant, audited, with an end (decision 065). */}
          <dt className="text-muted-foreground">Given by team</dt>
          <dd>
            <PlanSelector userId={user.id} userName={name} billing={user.billing} actions={actions} />
          </dd>
          <dt className="text-muted-foreground">Joined</dt>
          <dd>
            <RelativeTime value={user.created_at} />
            <span className="text-muted-foreground">
              {' '}
              · last active {user.last_active_at ? <RelativeTime value={user.last_active_at} /> : 'never'}
            </span>
          </dd>
          <dt className="text-muted-foreground">Credits</dt>
          <dd className="flex items-center gap-2">
            <span className="tabular-nums" data-testid="credits">
              {user.credits}
            </span>
            <CreditsDialog userId={user.id} userName={name} credits={user.credits} actions={actions} />
          </dd>
          {whatsapp !== undefined && (
            <>
              <dt className="text-muted-foreground">WhatsApp</dt>
              <dd className={whatsapp ? '[overflow-wrap:anywhere]' : 'text-muted-foreground'}>
                {whatsapp ? contactLabel(whatsapp) : 'No WhatsApp linked'}
              </dd>
            </>
          )}
          <dt className="text-muted-foreground">Roles</dt>
          <dd>
            <RoleManager
              userId={user.id}
              userName={name}
              roles={user.roles}
              isLastAdmin={isLastAdmin}
              actions={actions}
            />
          </dd>
        </dl>

        {(user.focus_area_label || user.coaching_tone_title) && (
          <div className="flex flex-wrap gap-1.5">
            {user.focus_area_label && <Badge variant="outline">Focus: {user.focus_area_label}</Badge>}
            {user.coaching_tone_title && <Badge variant="outline">Tone: {user.coaching_tone_title}</Badge>}
          </div>
        )}

        {programme}
        {notes}

        <div className="flex flex-wrap gap-2 border-t pt-3">
          <TrackerFeedbackDialog userId={user.id} userName={name} />
          {extraActions}
          {!(isSelf && user.is_active) && (
            <Button
              variant={user.is_active ? 'destructive' : 'default'}
              size="sm"
              onClick={user.is_active ? () => setConfirmingDeactivate(true) : toggleActive}
              busy={togglingThis}
              className="sm:ml-auto"
            >
              {user.is_active ? 'Deactivate' : 'Activate'}
              <span className="sr-only"> {name}</span>
            </Button>
          )}
        </div>
        <ConfirmAccountChange
          open={confirmingDeactivate}
          title={`Deactivate ${name}?`}
          description={`${name} is signed out on every device and cannot sign in until an admin activates the account again. Their conversation and data are kept.`}
          confirmLabel="Deactivate"
          destructive
          busy={togglingThis}
          error={null}
          onCancel={() => setConfirmingDeactivate(false)}
          onConfirm={toggleActive}
        />
      </CardContent>
    </Card>
  );
}
