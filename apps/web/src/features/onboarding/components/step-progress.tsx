import { Progress } from '@/components/ui/progress';

/** "n of 2" with a progress bar (docs/product.md#onboarding). */
export function StepProgress({ step, total, label }: { step: number; total: number; label: string }) {
  const text = `${step} of ${total}`;
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground tabular-nums">{text}</span>
      </div>
      <Progress
        value={(step / total) * 100}
        aria-label="Setup progress"
        getValueLabel={() => `Step ${text}`}
        className="h-2.5"
      />
    </div>
  );
}
