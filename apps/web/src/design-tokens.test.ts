// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The colour tokens in index.css keep their promises (docs/design.md): every
 * text colour reaches WCAG AA (4.5:1) on each surface it is used on, and the
 * focus indicator (dark ring outside a light halo) stands out at 3:1 or more
 * on light cards and on filled teal buttons. The tokens are read from the
 * real style sheet, so a colour edited there is checked here.
 */
const css = fs.readFileSync(path.join(import.meta.dirname, 'index.css'), 'utf8');
const rootBlock = /:root\s*\{([^}]*)\}/.exec(css)![1]!;
const tokens = new Map([...rootBlock.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));

/** oklch(L C H) → linear sRGB (Björn Ottosson's OKLab matrices). */
function oklchToLinearRgb(value: string): [number, number, number] {
  const match = /^oklch\(\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\)$/.exec(value);
  if (!match) throw new Error(`not an opaque oklch colour: ${value}`);
  const [L, C, H] = match.slice(1).map(Number) as [number, number, number];
  const a = C * Math.cos((H * Math.PI) / 180);
  const b = C * Math.sin((H * Math.PI) / 180);
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const clamp = (x: number) => Math.min(1, Math.max(0, x));
  return [
    clamp(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
    clamp(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
    clamp(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s),
  ];
}

function luminance(token: string): number {
  const value = tokens.get(token);
  if (!value) throw new Error(`index.css has no --${token}`);
  const [r, g, b] = oklchToLinearRgb(value);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio between two tokens. */
function contrast(one: string, other: string): number {
  const [hi, lo] = [luminance(one), luminance(other)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const TEXT_PAIRS: [text: string, surfaces: string[]][] = [
  ['foreground', ['background', 'card', 'muted', 'secondary', 'accent', 'panel-sage', 'panel-sand', 'panel-dawn']],
  [
    'muted-foreground',
    ['background', 'card', 'muted', 'secondary', 'accent', 'panel-sage', 'panel-sand', 'panel-dawn'],
  ],
  ['primary', ['background', 'card', 'muted', 'secondary', 'accent', 'panel-sage', 'panel-sand', 'panel-dawn']],
  ['primary-foreground', ['primary']],
  ['secondary-foreground', ['secondary']],
  ['accent-foreground', ['accent']],
  ['savings-foreground', ['savings']],
  ['featured-foreground', ['featured']],
  ['destructive', ['background', 'card']],
  ['sidebar-foreground', ['sidebar']],
  ['sidebar-accent-foreground', ['sidebar-accent']],
  ['sidebar-primary-foreground', ['sidebar-primary']],
];

describe('design tokens', () => {
  it.each(TEXT_PAIRS)('--%s reaches 4.5:1 on each of its surfaces', (text, surfaces) => {
    for (const surface of surfaces) {
      expect({ surface, ratio: contrast(text, surface) >= 4.5 }).toEqual({ surface, ratio: true });
    }
  });

  it('the focus ring shows at 3:1 or more on light surfaces, the halo on filled teal buttons', () => {
    for (const surface of ['background', 'card', 'muted', 'panel-sage', 'panel-sand', 'panel-dawn']) {
      expect(contrast('focus-ring', surface)).toBeGreaterThanOrEqual(3);
    }
    // On a filled button the halo touches the button, and the ring stands out from the halo.
    expect(contrast('focus-halo', 'primary')).toBeGreaterThanOrEqual(3);
    expect(contrast('focus-halo', 'destructive')).toBeGreaterThanOrEqual(3);
    expect(contrast('focus-ring', 'focus-halo')).toBeGreaterThanOrEqual(3);
  });

  it('reads colours from the style sheet, and a low-contrast pair fails', () => {
    // The control: the border is decorative and far below text contrast on the card.
    expect(contrast('border', 'card')).toBeLessThan(3);
  });
});
