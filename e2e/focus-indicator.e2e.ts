import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useBrowser } from './support/browser';
import { waitForHydration } from './support/hydration';

const browser = useBrowser();

type Rgb = [number, number, number];

/** WCAG 2 contrast ratio of two sRGB colours (0–255 channels). */
function contrast(one: Rgb, other: Rgb): number {
  const luminance = ([r, g, b]: Rgb) => {
    const lin = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const [hi, lo] = [luminance(one), luminance(other)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Moves keyboard focus with Tab until `target` has it (as a keyboard user
 * would), then reads how the focus indicator is drawn: the outline (the dark
 * ring), the box-shadow (the light halo), the control's own fill and the
 * surface around it, all as sRGB (the browser converts the oklch tokens by
 * painting each colour on a canvas).
 */
async function focusIndicator(page: Page, target: Locator) {
  await waitForHydration(page);
  for (let presses = 0; presses < 40 && !(await target.evaluate((el) => el === document.activeElement)); presses++) {
    await page.keyboard.press('Tab');
  }
  return target.evaluate(async (el) => {
    // Buttons ease their box-shadow in; read the indicator once it has finished drawing.
    await Promise.all(el.getAnimations().map((animation) => animation.finished));
    const toRgb = (color: string): [number, number, number] => {
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!];
    };
    /** The first ancestor with an opaque background: what the ring is seen against. */
    const surfaceOf = (node: Element | null): string => {
      for (let n = node; n; n = n.parentElement) {
        const bg = getComputedStyle(n).backgroundColor;
        if (bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') return bg;
      }
      return getComputedStyle(document.body).backgroundColor;
    };
    const style = getComputedStyle(el);
    const halo = /^(.*?\))\s+0px 0px 0px 2px/.exec(style.boxShadow)?.[1];
    return {
      focused: el === document.activeElement && el.matches(':focus-visible'),
      outlineStyle: style.outlineStyle,
      outlineWidth: parseFloat(style.outlineWidth),
      outlineOffset: parseFloat(style.outlineOffset),
      ring: toRgb(style.outlineColor),
      halo: halo ? toRgb(halo) : null,
      fill: toRgb(style.backgroundColor === 'rgba(0, 0, 0, 0)' ? surfaceOf(el) : style.backgroundColor),
      surface: toRgb(surfaceOf(el.parentElement)),
    };
  });
}

describe('focus indicator', () => {
  it('shows a dark ring and a light halo, 3:1 or more, around a filled teal button', async () => {
    const { page } = await browser.newPage(1280);
    await page.goto('/');
    const cta = page.getByRole('link', { name: 'Join Free Beta Test Now' });
    const focus = await focusIndicator(page, cta);
    expect(focus.focused).toBe(true);
    expect(focus.outlineStyle).toBe('solid');
    expect(focus.outlineWidth).toBeGreaterThanOrEqual(2);
    expect(focus.outlineOffset).toBe(2);
    expect(focus.halo).not.toBeNull();
    // The halo touches the teal fill; the ring stands out from the halo and from the page around it.
    expect(contrast(focus.halo!, focus.fill)).toBeGreaterThanOrEqual(3);
    expect(contrast(focus.ring, focus.halo!)).toBeGreaterThanOrEqual(3);
    expect(contrast(focus.ring, focus.surface)).toBeGreaterThanOrEqual(3);
  });

  it('stands out at 3:1 or more around an outline button on a light card', async () => {
    const { page } = await browser.newPage(1280);
    await page.goto('/pricing');
    const button = page.getByRole('button', { name: 'Join Free Beta', exact: true });
    const focus = await focusIndicator(page, button);
    expect(focus.focused).toBe(true);
    expect(focus.outlineWidth).toBeGreaterThanOrEqual(2);
    expect(contrast(focus.ring, focus.surface)).toBeGreaterThanOrEqual(3);
    expect(contrast(focus.ring, focus.halo!)).toBeGreaterThanOrEqual(3);
  });
});
