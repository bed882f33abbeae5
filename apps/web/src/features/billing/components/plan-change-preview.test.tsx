import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionChangePreviewDto } from '@app/shared';
import { PlanChangePreview } from './plan-change-preview';

afterEach(cleanup);

/** Yearly to monthly with most of the year left: a credit, nothing charged today. */
const toMonthly: SubscriptionChangePreviewDto = {
  plan_key: 'starter',
  plan_name: 'Starter',
  billing_period: 'month',
  price_pence: 599,
  current_plan_name: 'Starter',
  current_billing_period: 'year',
  current_price_pence: 5750,
  lines: [
    { description: 'Unused time on Starter (yearly) after 27 November 2026', amount_pence: -5600 },
    { description: 'Starter (monthly) from 27 November 2026 to 27 December 2026', amount_pence: 599 },
  ],
  amount_due_today_pence: 0,
  credit_today_pence: 5001,
  next_billing_date: '2026-12-27T10:00:00.000Z',
  quoted_at: '2026-11-27T10:00:00.000Z',
};

describe('the change preview', () => {
  it('says a credit is a credit, when the new price is next charged, and moves focus to itself', () => {
    render(<PlanChangePreview preview={toMonthly} confirming={false} onConfirm={vi.fn()} onCancel={vi.fn()} />);
    const panel = screen.getByRole('region', { name: 'Confirm your change' });
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: 'Confirm your change' }));
    expect(within(panel).getByText('−£56.00')).toBeTruthy();
    expect(within(panel).getByText('Credited to your account today').nextSibling?.textContent).toBe('£50.01');
    expect(within(panel).queryByText('Charged today')).toBeNull();
    expect(panel.textContent).toContain(
      'The credit is taken off your next payments. Then £5.99 per month, next on 27 December 2026.',
    );
  });

  it('changes nothing until Confirm change, and offers to keep the plan', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<PlanChangePreview preview={toMonthly} confirming={false} onConfirm={onConfirm} onCancel={onCancel} />);
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Keep my current plan' }));
    expect(onCancel).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm change' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
