import { Sparkles } from 'lucide-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { StrategicPromptDto } from '@app/shared';
import { Skeleton } from '@/components/ui/skeleton';
import { PromptRating } from './prompt-rating';

/** Today's strategic prompt and the member's rating of it (FOUNDING-DESIGN §4). */
export function DailyPrompt({ prompt }: { prompt: UseQueryResult<StrategicPromptDto | null> }) {
  return (
    <>
      {prompt.isPending ? (
        <div className="grid gap-2" aria-hidden="true">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-12" />
        </div>
      ) : prompt.data ? (
        <section aria-labelledby="daily-prompt-title" className="bg-secondary/60 grid gap-2 rounded-lg p-4">
          <h3 id="daily-prompt-title" className="flex items-center gap-2 font-semibold">
            <Sparkles aria-hidden="true" className="text-primary size-4" />
            {prompt.data.title}
          </h3>
          <p className="text-sm leading-relaxed">{prompt.data.prompt_text}</p>
        </section>
      ) : (
        <p className="text-muted-foreground text-sm">
          {prompt.isError
            ? 'We couldn’t load today’s prompt. You can still write whatever is on your mind.'
            : 'There’s no prompt for your focus area today. Write whatever is on your mind.'}
        </p>
      )}
      {prompt.data && <PromptRating key={prompt.data.id} promptId={prompt.data.id} />}
    </>
  );
}
