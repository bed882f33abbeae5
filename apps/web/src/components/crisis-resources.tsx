import { LifeBuoy } from 'lucide-react';

/**
 * UK crisis contacts, the one list of them on screen: Calm Space and its AI
 * coach are not an emergency service. Shown in the terms and in the
 * "Need urgent help?" panel beside the chat (which names itself, so `titled`
 * is off there).
 */
export function CrisisResources({ titled = true }: { titled?: boolean }) {
  return (
    <aside aria-label="If you need urgent help" className="rounded-xl border border-rose-200 bg-rose-50 p-5">
      {titled && (
        <p className="mb-3 flex items-center gap-2 font-semibold text-rose-900">
          <LifeBuoy aria-hidden="true" className="size-5" />
          If you need urgent help
        </p>
      )}
      <ul className="!list-none space-y-1.5 !pl-0 text-rose-950">
        <li>
          Emergency services: call <strong>999</strong> if you or someone else is in immediate danger.
        </li>
        <li>
          Samaritans: call <strong>116 123</strong> free, day or night.
        </li>
        <li>
          Shout: text <strong>SHOUT</strong> to <strong>85258</strong> for free, confidential text support.
        </li>
        <li>
          NHS 111: call <strong>111</strong> for urgent mental health advice, any time.
        </li>
      </ul>
    </aside>
  );
}
