import { useId, useMemo, useState } from 'react';
import { Pencil, Plus } from 'lucide-react';
import { toast } from 'sonner';
import {
  STEP_SIZE_LABELS,
  stepSentence,
  type AdminStepTemplateDto,
  type FocusAreaDto,
  type StepTemplateFormValues,
} from '@app/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { serverMessageOr } from '@/lib/api';
import { useCreateStepTemplate, useStepLibrary, useUpdateStepTemplate } from '../api/admin-steps';
import { StepTemplateDialog } from './step-template-dialog';

const ALL_AREAS = 'all';
const succeeded = (description: string) => toast.success('Success', { description });
const failed = (title: string, error: unknown) =>
  toast.error(title, { description: serverMessageOr(error, 'Please try again.') });

function StepRow({
  step,
  busy,
  onToggle,
  onEdit,
}: {
  step: AdminStepTemplateDto;
  busy: boolean;
  onToggle: (active: boolean) => void;
  onEdit: () => void;
}) {
  const switchId = useId();
  const sentence = stepSentence(step);
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3" data-testid="step-template">
      <div className="grid min-w-0 flex-[1_1_16rem] gap-1.5">
        <p className={step.is_active ? 'leading-snug' : 'text-muted-foreground leading-snug'}>{sentence}</p>
        <div className="flex flex-wrap gap-1.5">
          <Badge variant="outline">{STEP_SIZE_LABELS[step.size]}</Badge>
          {!step.is_active && <Badge variant="secondary">Inactive</Badge>}
        </div>
      </div>
      <div className="flex items-center gap-1">
        <div className="mr-2 flex items-center gap-2">
          <Switch
            id={switchId}
            checked={step.is_active}
            aria-disabled={busy || undefined}
            onCheckedChange={(checked) => !busy && onToggle(checked)}
            aria-label={`Active: ${sentence}`}
          />
          <Label htmlFor={switchId} className="text-muted-foreground text-sm font-normal">
            Active
          </Label>
        </div>
        <Button variant="ghost" size="icon" onClick={onEdit} aria-label={`Edit: ${sentence}`}>
          <Pencil aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

/**
 * The step library beside the strategic prompts (decision 058): every focus
 * area's "If …, then I will …" steps, regular to smallest; add, edit, and
 * switch off a step (members' past steps keep their own words).
 */
export function StepLibraryScreen({ focusAreas }: { focusAreas: readonly FocusAreaDto[] }) {
  const library = useStepLibrary();
  const create = useCreateStepTemplate();
  const update = useUpdateStepTemplate();
  const [area, setArea] = useState(ALL_AREAS);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<AdminStepTemplateDto | null>(null);
  const filterId = useId();

  const groups = useMemo(() => {
    const byArea = new Map<string, { label: string; steps: AdminStepTemplateDto[] }>();
    for (const step of library.data ?? []) {
      if (area !== ALL_AREAS && step.focus_area_id !== area) continue;
      const group = byArea.get(step.focus_area_id) ?? { label: step.focus_area_label, steps: [] };
      group.steps.push(step);
      byArea.set(step.focus_area_id, group);
    }
    return [...byArea.entries()];
  }, [library.data, area]);

  const save = async (values: StepTemplateFormValues): Promise<boolean> => {
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, changes: values });
        succeeded('Step updated.');
      } else {
        await create.mutateAsync(values);
        succeeded('Step added.');
      }
      return true;
    } catch (error) {
      failed(editing ? 'Error updating step' : 'Error adding step', error);
      return false;
    }
  };

  const toggle = (step: AdminStepTemplateDto, active: boolean) =>
    update.mutate(
      { id: step.id, changes: { is_active: active } },
      {
        onSuccess: () => succeeded(active ? 'Step switched on.' : 'Step switched off.'),
        onError: (error) => failed('Error updating step', error),
      },
    );

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h2 className="text-xl font-semibold tracking-tight">Step library</h2>
          <p className="text-muted-foreground max-w-2xl">
            The small “If …, then I will …” steps members are offered, by focus area. A missed step is followed by a
            smaller one: keep a few of each size.
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={filterId}>Focus area</Label>
            <Select value={area} onValueChange={setArea}>
              <SelectTrigger id={filterId} className="w-56">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL_AREAS}>All focus areas</SelectItem>
                {focusAreas.map((a) => (
                  <SelectItem key={a.id} value={a.id}>
                    {a.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Button
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            <Plus aria-hidden="true" />
            Add step
          </Button>
        </div>
      </div>

      {library.isPending ? (
        <p role="status" className="text-muted-foreground flex items-center gap-2">
          <Spinner /> Loading the step library...
        </p>
      ) : library.isError ? (
        <div className="grid justify-items-start gap-3">
          <p className="text-muted-foreground">The step library could not be loaded.</p>
          <Button variant="outline" onClick={() => void library.refetch()}>
            Try again
          </Button>
        </div>
      ) : groups.length === 0 ? (
        <p className="text-muted-foreground rounded-xl border border-dashed p-8 text-center">No steps yet</p>
      ) : (
        groups.map(([areaId, group]) => (
          <Card key={areaId} className="gap-2 py-4" aria-labelledby={`steps-${areaId}`}>
            <CardContent className="px-4 sm:px-5">
              <h3 id={`steps-${areaId}`} className="font-semibold">
                {group.label}
              </h3>
              <ul className="divide-y">
                {group.steps.map((step) => (
                  <StepRow
                    key={step.id}
                    step={step}
                    busy={update.isPending && update.variables?.id === step.id}
                    onToggle={(active) => toggle(step, active)}
                    onEdit={() => {
                      setEditing(step);
                      setFormOpen(true);
                    }}
                  />
                ))}
              </ul>
            </CardContent>
          </Card>
        ))
      )}

      <StepTemplateDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        step={editing}
        focusAreas={focusAreas}
        defaultFocusAreaId={area === ALL_AREAS ? null : area}
        onSave={save}
      />
    </div>
  );
}
