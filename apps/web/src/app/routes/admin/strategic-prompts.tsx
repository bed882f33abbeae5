import { useState } from 'react';
import { StrategicPromptsScreen } from '@/features/admin-prompts';
import { StepLibraryScreen } from '@/features/admin-steps';
import { useFocusAreas } from '@/features/catalog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

/** What the members are offered, by focus area: the strategic prompts, and the step library beside them (decision 058). */
export default function AdminStrategicPromptsPage() {
  const focusAreas = useFocusAreas();
  const [tab, setTab] = useState<'prompts' | 'steps'>('prompts');
  return (
    <Tabs value={tab} onValueChange={(value) => setTab(value === 'steps' ? 'steps' : 'prompts')} className="gap-6">
      <TabsList aria-label="Content" className="self-start">
        <TabsTrigger value="prompts">Prompts</TabsTrigger>
        <TabsTrigger value="steps">Steps</TabsTrigger>
      </TabsList>
      <TabsContent value="prompts">
        <StrategicPromptsScreen focusAreas={focusAreas.data ?? []} />
      </TabsContent>
      <TabsContent value="steps">
        <StepLibraryScreen focusAreas={focusAreas.data ?? []} />
      </TabsContent>
    </Tabs>
  );
}
