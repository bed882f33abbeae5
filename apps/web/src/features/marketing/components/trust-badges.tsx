import { CreditCard, Lock, RefreshCcw, ShieldCheck } from 'lucide-react';

const BADGES = [
  { icon: CreditCard, title: 'No credit card for the beta', text: 'Join free; no payment details needed.' },
  { icon: RefreshCcw, title: 'Cancel anytime', text: 'No contracts and no cancellation fees.' },
  { icon: Lock, title: 'Private and confidential', text: 'Your conversations are never sold or shared.' },
  { icon: ShieldCheck, title: 'UK GDPR protected', text: 'Your data is handled under UK law.' },
] as const;

/** Reassurances shown under the plans on /pricing. */
export function TrustBadges() {
  return (
    <ul aria-label="Our promises" className="mx-auto grid max-w-5xl gap-4 px-4 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
      {BADGES.map((badge) => (
        <li key={badge.title} className="bg-panel-sage/60 flex gap-3 rounded-2xl p-4">
          <badge.icon aria-hidden="true" className="text-primary mt-0.5 size-5 shrink-0" />
          <div>
            <p className="text-sm font-semibold">{badge.title}</p>
            <p className="text-muted-foreground mt-0.5 text-sm">{badge.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
