import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

function ThreeTabs({ disabled, onChoose }: { disabled?: string; onChoose?: (value: string) => void }) {
  const [tab, setTab] = useState('one');
  return (
    <>
      <button type="button">Before</button>
      <Tabs
        value={tab}
        onValueChange={(value) => {
          onChoose?.(value);
          setTab(value);
        }}
      >
        <TabsList>
          {['one', 'two', 'three'].map((value) => (
            <TabsTrigger key={value} value={value} disabled={value === disabled}>
              Tab {value}
            </TabsTrigger>
          ))}
        </TabsList>
        {['one', 'two', 'three'].map((value) => (
          <TabsContent key={value} value={value}>
            Panel {value}
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

afterEach(cleanup);

describe('Tabs', () => {
  it('shows the selected tab and only its panel, labelled by it', () => {
    render(<ThreeTabs />);
    expect(screen.getByRole('tablist')).toBeTruthy();
    expect(tab('Tab one').getAttribute('aria-selected')).toBe('true');
    expect(tab('Tab two').getAttribute('aria-selected')).toBe('false');
    const panel = screen.getByRole('tabpanel');
    expect(panel.textContent).toBe('Panel one');
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    expect(screen.getByRole('tabpanel', { name: 'Tab one' })).toBe(panel);
    expect(tab('Tab one').getAttribute('aria-controls')).toBe(panel.id);
  });

  it('is one tab stop, on the selected tab, followed by its panel', async () => {
    render(<ThreeTabs />);
    screen.getByRole('button', { name: 'Before' }).focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(tab('Tab one'));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('tabpanel'));
  });

  it('moves round the tabs with the arrow keys, Home and End, choosing the tab it reaches', async () => {
    render(<ThreeTabs />);
    tab('Tab one').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Tab two'));
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel two');
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(tab('Tab three'));
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Tab one'));
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tab('Tab three'));
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(tab('Tab one'));
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel one');
  });

  it('skips a disabled tab, which a click does not choose either', async () => {
    render(<ThreeTabs disabled="two" />);
    tab('Tab one').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Tab three'));
    await userEvent.click(tab('Tab two'), { pointerEventsCheck: 0 });
    expect(tab('Tab two').getAttribute('aria-selected')).toBe('false');
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel three');
  });

  it('chooses a tab on a click, and again on the selected one (its view starts afresh)', async () => {
    const onChoose = vi.fn();
    render(<ThreeTabs onChoose={onChoose} />);
    await userEvent.click(tab('Tab two'));
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel two');
    onChoose.mockClear();
    await userEvent.click(tab('Tab two'));
    expect(onChoose).toHaveBeenCalledWith('two');
  });
});
