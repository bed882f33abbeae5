import { cn } from '@/lib/cn';

/**
 * The landing page's scene: a figure sitting still on a green rise at dawn,
 * breathing (the rings widen and settle, slower than a resting breath), a path
 * winding to the horizon. Inline because it is above the fold (no request
 * before it paints); decorative, so hidden from assistive technology.
 * Colours are the illustration palette of docs/design.md.
 */
export function HeroHorizon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 480 360" aria-hidden="true" focusable="false" className={cn('h-auto w-full', className)}>
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#faccb6" stopOpacity=".55" />
          <stop offset="1" stopColor="#f0e3cf" stopOpacity=".2" />
        </linearGradient>
        <clipPath id="hero-window">
          <rect width="480" height="360" rx="180" />
        </clipPath>
      </defs>
      <g clipPath="url(#hero-window)">
        <rect width="480" height="360" fill="url(#hero-sky)" />
        <circle cx="322" cy="128" r="40" fill="#efcc83" />
        <circle cx="322" cy="128" r="58" fill="#efcc83" opacity=".25" />
        <path d="M0 236c70-38 140-40 214-16 70 22 150 10 266-30v170H0z" fill="#c9e6da" />
        <path d="M0 280c80-40 170-36 250-14 90 24 160 10 230-14v108H0z" fill="#a5cfbf" />
        <path
          d="M300 360c-22-26 34-40 12-58-16-13-42-14-30-30 8-10 26-12 40-14"
          fill="none"
          stroke="#f0e3cf"
          strokeWidth="12"
          strokeLinecap="round"
        />
        <path d="M0 322c110-26 250-30 480-18v56H0z" fill="#46968c" />
      </g>
      <g className="breathe" fill="none" stroke="#fdf9f3" strokeWidth="2.5">
        <circle cx="150" cy="222" r="44" opacity=".9" />
        <circle cx="150" cy="222" r="64" opacity=".55" />
        <circle cx="150" cy="222" r="84" opacity=".3" />
      </g>
      <path d="M124 262c2-30 12-48 26-48s24 18 26 48z" fill="#006d68" />
      <path d="M104 266c12-12 34-16 46-10 12-6 34-2 46 10-14 10-78 10-92 0z" fill="#15323d" />
      <path
        d="M128 246c8 8 16 10 22 10s14-2 22-10"
        fill="none"
        stroke="#d9906f"
        strokeWidth="6"
        strokeLinecap="round"
      />
      <circle cx="150" cy="198" r="13" fill="#d9906f" />
    </svg>
  );
}
