import { useState } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlanPicker } from './plan-picker';

function ControlledPicker({ initial, onChange }: { initial: string; onChange?: (name: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <button type="button">Before</button>
      <PlanPicker
        value={value}
        onChange={(name) => {
          setValue(name);
          onChange?.(name);
        }}
      />
    </>
  );
}

const radio = (name: string) => screen.getByRole('radio', { name });
/** Exactly this card is checked (the billing period is a radio group of its own). */
const expectChecked = (name: string) =>
  expect(within(screen.getByRole('radiogroup', { name: 'Plans' })).queryAllByRole('radio', { checked: true })).toEqual([
    radio(name),
  ]);

afterEach(cleanup);

describe('PlanPicker', () => {
  it('offers the two picker plans as a radio group, none checked for a plan outside it', () => {
    render(<ControlledPicker initial="Base Camp" />);
    const group = screen.getByRole('radiogroup', { name: 'Plans' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('aria-checked')),
    ).toEqual(['false', 'false']);
    expect(radio('Free Beta Access')).toBeDefined();
    expect(radio('The Space Pass')).toBeDefined();
    // With nothing checked, the first card is the group's Tab stop.
    expect(radio('Free Beta Access').tabIndex).toBe(0);
    expect(radio('The Space Pass').tabIndex).toBe(-1);
  });

  it('shows three features per card and counts the rest', () => {
    render(<ControlledPicker initial="Base Camp" />);
    const free = radio('Free Beta Access');
    const paid = radio('The Space Pass');
    expect(within(free).getAllByRole('listitem')).toHaveLength(3);
    expect(within(paid).getAllByRole('listitem')).toHaveLength(3);
    within(free).getByText('+2 more features');
    within(paid).getByText('+3 more features');
    within(paid).getByText('Most Popular');
    expect(within(free).queryByText('Most Popular')).toBeNull();
  });

  it('enters at the checked card with Tab, and arrow keys move and select, wrapping round', async () => {
    const onChange = vi.fn();
    render(<ControlledPicker initial="The Space Pass" onChange={onChange} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab(); // the billing period's checked radio, Monthly
    await user.tab();
    expect(document.activeElement).toBe(radio('The Space Pass'));

    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(radio('Free Beta Access'));
    expectChecked('Free Beta Access');
    expect(onChange).toHaveBeenLastCalledWith('Free Beta Access');

    await user.keyboard('{ArrowUp}'); // wraps to the last card
    expect(document.activeElement).toBe(radio('The Space Pass'));
    expectChecked('The Space Pass');

    await user.keyboard('{ArrowDown}');
    expectChecked('Free Beta Access');
    expect(radio('Free Beta Access').tabIndex).toBe(0);
    expect(radio('The Space Pass').tabIndex).toBe(-1);

    // Tab leaves the group rather than visiting the other card.
    await user.tab();
    expect(document.activeElement?.getAttribute('role')).not.toBe('radio');
  });

  it('selects the focused card with Space, and with a click', async () => {
    render(<ControlledPicker initial="Base Camp" />);
    const user = userEvent.setup();
    radio('Free Beta Access').focus();
    await user.keyboard(' ');
    expectChecked('Free Beta Access');
    await user.click(radio('The Space Pass'));
    expectChecked('The Space Pass');
  });

  it('with arrowsChoose off, arrow keys only move focus; Enter or Space choose', async () => {
    const onChange = vi.fn();
    render(<PlanPicker value="Base Camp" onChange={onChange} arrowsChoose={false} />);
    const user = userEvent.setup();
    radio('Free Beta Access').focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(radio('The Space Pass'));
    await user.keyboard('{ArrowLeft}{End}{Home}{ArrowDown}');
    expect(onChange).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(radio('The Space Pass'));
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('The Space Pass');
    await user.keyboard('{ArrowLeft} ');
    expect(onChange).toHaveBeenLastCalledWith('Free Beta Access');
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('switches prices between monthly and yearly', async () => {
    render(<ControlledPicker initial="Base Camp" />);
    const user = userEvent.setup();
    const paid = radio('The Space Pass');
    expect((screen.getByRole('radio', { name: 'Monthly' }) as HTMLInputElement).checked).toBe(true);
    within(paid).getByText('£5.99');
    within(radio('Free Beta Access')).getByText('£0');

    await user.click(screen.getByRole('radio', { name: /^Yearly/ }));
    expect((screen.getByRole('radio', { name: /^Yearly/ }) as HTMLInputElement).checked).toBe(true);
    within(screen.getByRole('radio', { name: /^Yearly/ }).closest('label')!).getByText('Save 20%');
    within(paid).getByText('£4.79');
    within(paid).getByText('Billed yearly at £57.50');
  });

  it('ignores clicks and keys while disabled', async () => {
    const onChange = vi.fn();
    render(<PlanPicker value="Base Camp" onChange={onChange} disabled />);
    const user = userEvent.setup();
    await user.click(radio('The Space Pass'));
    radio('Free Beta Access').focus();
    await user.keyboard('{ArrowRight} ');
    expect(onChange).not.toHaveBeenCalled();
  });
});
