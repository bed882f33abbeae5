import { useId, type ReactNode } from 'react';
import { ArrowRight, UserRound } from 'lucide-react';
import type { MemberContextDto } from '@app/shared';
import { RelativeTime } from '@/components/relative-time';
import { Skeleton } from '@/components/ui/skeleton';
import { Link } from '@/lib/app-navigation';
import { billingInWords, dayMonthYear } from '@/lib/member-billing-words';
import { contactLabel } from '@/lib/whatsapp/contact-label';
import { useMemberContext } from '../api/member-context';

/** What the credits badge means, said beside it so it is never read as the plan (decision 060). */
const CREDIT_TIER_MEANING = 'The badge counts credits (50+ Premium, 20–49 Pro, under 20 Basic), not what they pay for.';

/**
 * What a coach wants beside a member's conversation (decision 060): their focus
 * area and coaching tone, their plan and what it entitles, when they joined and
 * were last active, their WhatsApp, their latest reflections and ratings, and a
 * link to their user card.
 */
export function MemberContextPanel({ memberId }: { memberId: string }) {
  const headingId = useId();
  const context = useMemberContext(memberId);
  return (
    <section aria-labelledby={headingId} className="bg-muted/30 grid gap-3 rounded-lg border p-3 text-sm">
      <h3 id={headingId} className="flex items-center gap-2 font-medium">
        <UserRound aria-hidden="true" className="text-primary size-4" />
        About {context.data?.full_name?.trim() || 'this member'}
      </h3>
      {context.isPending ? (
        <Skeleton className="h-32 w-full" aria-label="Loading the member's details" />
      ) : context.isError ? (
        <p className="text-muted-foreground">The member&apos;s details couldn&apos;t be loaded.</p>
      ) : (
        <ContextDetails context={context.data} />
      )}
    </section>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-muted-foreground text-xs font-medium tracking-wide uppercase">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

function ContextDetails({ context }: { context: MemberContextDto }) {
  const billing = billingInWords(context.billing);
  return (
    <>
      <dl className="grid gap-2.5">
        <Row term="Focus area">
          {context.focus_area ? (
            <>
              <span className="font-medium">{context.focus_area.label}</span>
              {context.focus_area.description && (
                <span className="text-muted-foreground block">{context.focus_area.description}</span>
              )}
            </>
          ) : (
            <span className="text-muted-foreground">Not chosen yet</span>
          )}
        </Row>
        <Row term="Coaching tone">
          {context.coaching_tone ? (
            <>
              <span className="font-medium">{context.coaching_tone.title}</span>
              {context.coaching_tone.description && (
                <span className="text-muted-foreground block">{context.coaching_tone.description}</span>
              )}
            </>
          ) : (
            <span className="text-muted-foreground">Not chosen yet</span>
          )}
        </Row>
        <Row term="Plan">
          <span className="font-medium">{billing.plan}</span>
          <span className="block">{billing.paidBy}</span>
          <span className="block">{billing.access}</span>
        </Row>
        <Row term="Credits">
          <span className="tabular-nums">{context.credits}</span> credits · {context.credit_tier} badge
          <span className="text-muted-foreground block text-xs">{CREDIT_TIER_MEANING}</span>
        </Row>
        <Row term="Joined">
          <time dateTime={context.joined_at}>{dayMonthYear(context.joined_at)}</time>
          <span className="text-muted-foreground">
            {' '}
            · last active {context.last_active_at ? <RelativeTime value={context.last_active_at} /> : 'never'}
          </span>
        </Row>
        <Row term="WhatsApp">
          {context.whatsapp ? (
            contactLabel(context.whatsapp)
          ) : (
            <span className="text-muted-foreground">No WhatsApp linked</span>
          )}
        </Row>
      </dl>
      <div className="grid gap-1.5">
        <h4 className="text-muted-foreground text-xs font-medium tracking-wide uppercase">Recent reflections</h4>
        {context.recent_reflections.length === 0 ? (
          <p className="text-muted-foreground">No reflections yet.</p>
        ) : (
          <ul className="grid gap-1.5">
            {context.recent_reflections.map((r) => (
              <li key={r.id} className="bg-background rounded-md border px-3 py-2">
                <p className="break-words">“{r.excerpt}”</p>
                <p className="text-muted-foreground mt-0.5 text-xs">
                  {r.prompt_title ? `${r.prompt_title} · ` : ''}
                  <RelativeTime value={r.created_at} />
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
      {context.recent_ratings.length > 0 && (
        <div className="grid gap-1.5">
          <h4 className="text-muted-foreground text-xs font-medium tracking-wide uppercase">Prompt ratings</h4>
          <ul className="grid gap-1">
            {context.recent_ratings.map((r) => (
              <li key={`${r.prompt_title}-${r.updated_at}`}>
                <span className="font-medium tabular-nums">{r.rating} / 5</span> · {r.prompt_title}
              </li>
            ))}
          </ul>
        </div>
      )}
      {context.email && (
        <Link
          to={`/admin/users?q=${encodeURIComponent(context.email)}`}
          className="text-primary inline-flex items-center gap-1 justify-self-start font-medium underline-offset-4 hover:underline"
        >
          Open user card
          <ArrowRight aria-hidden="true" className="size-3.5" />
        </Link>
      )}
    </>
  );
}
