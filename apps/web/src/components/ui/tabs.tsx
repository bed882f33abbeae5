import { createContext, useContext, useId, type ComponentProps, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';

/**
 * Tabs after the WAI-ARIA pattern, as Radix's Tabs behaved here (decision 042):
 * roles and states (tablist, tab with aria-selected and aria-controls, tabpanel
 * labelled by its tab), one tab stop on the selected tab, arrow keys moving
 * round the enabled tabs with Home and End, and a tab chosen when it is pressed,
 * focused or activated by Enter or Space; only the selected panel is rendered.
 * Written for /auth, whose first load Radix's tabs and their focus machinery
 * weighed about 8 KB gz in.
 */
interface TabsState {
  value: string;
  choose: (value: string) => void;
  baseId: string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error(`<${part}> must be inside <Tabs>`);
  return state;
}

const tabId = (baseId: string, value: string) => `${baseId}-tab-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-panel-${value}`;

type TabsProps = Omit<ComponentProps<'div'>, 'defaultValue' | 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
};

export function Tabs({ value, onValueChange, className, ...props }: TabsProps) {
  const baseId = useId();
  return (
    <TabsContext.Provider value={{ value, choose: onValueChange, baseId }}>
      <div data-slot="tabs" className={cn('flex flex-col gap-4', className)} {...props} />
    </TabsContext.Provider>
  );
}

/** Arrow keys, Home and End (and Page Up and Down) move the focus round the enabled tabs; focusing one chooses it. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const current = tabs.indexOf(document.activeElement as HTMLButtonElement);
  if (current < 0) return;
  const last = tabs.length - 1;
  const next = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, PageUp: 0, End: last, PageDown: last }[
    event.key
  ];
  if (next === undefined) return;
  event.preventDefault();
  tabs[next > last ? 0 : next < 0 ? last : next]?.focus();
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-slot="tabs-list"
      className={cn(
        'bg-muted text-muted-foreground inline-flex h-11 w-full items-center justify-center rounded-lg p-1',
        className,
      )}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
      {...props}
    />
  );
}

type TabsTriggerProps = Omit<ComponentProps<'button'>, 'value'> & { value: string };

export function TabsTrigger({ value, className, disabled, ...props }: TabsTriggerProps) {
  const tabs = useTabs('TabsTrigger');
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabId(tabs.baseId, value)}
      aria-selected={selected}
      aria-controls={panelId(tabs.baseId, value)}
      data-state={selected ? 'active' : 'inactive'}
      data-slot="tabs-trigger"
      disabled={disabled}
      // One tab stop: the selected tab; the arrow keys reach the others.
      tabIndex={selected ? 0 : -1}
      className={cn(
        'inline-flex h-full flex-1 items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-[color,background-color,box-shadow] outline-none',
        'hover:text-foreground focus-visible:ring-ring/50 focus-visible:ring-[3px] disabled:pointer-events-none disabled:opacity-50',
        'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm',
        className,
      )}
      // On press, as Radix did (also when already selected: /auth returns to the tab's first view).
      onMouseDown={(event) => {
        if (!disabled && event.button === 0 && !event.ctrlKey) tabs.choose(value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') tabs.choose(value);
      }}
      onFocus={() => {
        if (!selected) tabs.choose(value);
      }}
      {...props}
    />
  );
}

type TabsContentProps = ComponentProps<'div'> & { value: string };

export function TabsContent({ value, className, ...props }: TabsContentProps) {
  const tabs = useTabs('TabsContent');
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={panelId(tabs.baseId, value)}
      aria-labelledby={tabId(tabs.baseId, value)}
      data-state="active"
      data-slot="tabs-content"
      tabIndex={0}
      className={cn('flex-1 rounded-md outline-none focus-visible:ring-ring/50 focus-visible:ring-[3px]', className)}
      {...props}
    />
  );
}
