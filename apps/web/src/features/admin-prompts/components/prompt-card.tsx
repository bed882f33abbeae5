import { useId } from 'react';
import { MessageSquareText, Pencil, Star, Trash2 } from 'lucide-react';
import type { AdminStrategicPromptDto } from '@app/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { Label } from '@/components/ui/label';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

interface PromptCardProps {
  prompt: AdminStrategicPromptDto;
  /** Disables the switch while a change to this prompt is on its way. */
  busy: boolean;
  onToggle: (active: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One prompt of the list (docs/product.md#admin-back-office): title, status, focus area, ratings, reflections, actions. */
export function PromptCard({ prompt, busy, onToggle, onEdit, onDelete }: PromptCardProps) {
  const switchId = useId();
  return (
    <Card className="gap-3 py-5" data-testid="prompt-card">
      <CardContent className="grid gap-3 px-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 gap-2">
            <h2 className="text-base leading-snug font-semibold break-words">{prompt.title}</h2>
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={prompt.is_active ? 'default' : 'secondary'}>
                {prompt.is_active ? 'Active' : 'Inactive'}
              </Badge>
              <Badge variant="outline">{prompt.focus_area_label ?? 'No focus area'}</Badge>
            </div>
          </div>
          <div className="flex items-center gap-1">
            <div className="mr-2 flex items-center gap-2">
              <Switch
                id={switchId}
                checked={prompt.is_active}
                // Busy: ignores presses but keeps focus, which a disabled switch would drop.
                aria-disabled={busy || undefined}
                onCheckedChange={(checked) => !busy && onToggle(checked)}
                aria-label={`Active: ${prompt.title}`}
              />
              <Label htmlFor={switchId} className="text-muted-foreground text-sm font-normal">
                Active
              </Label>
            </div>
            <Button variant="ghost" size="icon" onClick={onEdit} aria-label={`Edit ${prompt.title}`}>
              <Pencil aria-hidden="true" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              onClick={onDelete}
              aria-label={`Delete ${prompt.title}`}
              className="text-destructive hover:text-destructive"
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        </div>
        <p className="text-muted-foreground line-clamp-3 text-sm whitespace-pre-line">{prompt.prompt_text}</p>
        <dl className="text-muted-foreground flex flex-wrap gap-x-5 gap-y-1 text-sm">
          <div className="flex items-center gap-1.5">
            <Star aria-hidden="true" className="size-4 text-amber-500" />
            <dt className="sr-only">Average rating</dt>
            <dd>
              {prompt.average_rating === null ? 'Not rated yet' : `${prompt.average_rating.toFixed(1)} average`} (
              {plural(prompt.total_ratings, 'rating', 'ratings')})
            </dd>
          </div>
          <div className="flex items-center gap-1.5">
            <MessageSquareText aria-hidden="true" className="size-4" />
            <dt className="sr-only">Reflections</dt>
            <dd>{plural(prompt.reflection_count, 'reflection', 'reflections')}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
