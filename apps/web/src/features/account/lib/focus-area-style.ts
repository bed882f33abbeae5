import {
  AlertTriangle,
  Award,
  Compass,
  Eye,
  Flame,
  Heart,
  RefreshCw,
  Scale,
  Shield,
  Target,
  TrendingUp,
  type LucideIcon,
} from 'lucide-react';

/** icon_name → icon (user-app §2). A static map, so only these eleven icons are bundled. */
const FOCUS_AREA_ICONS: Record<string, LucideIcon> = {
  Compass,
  Flame,
  Target,
  RefreshCw,
  Shield,
  AlertTriangle,
  Heart,
  Eye,
  Scale,
  TrendingUp,
  Award,
};

export function focusAreaIcon(iconName: string | null | undefined): LucideIcon {
  return (iconName && FOCUS_AREA_ICONS[iconName]) || Compass;
}

/**
 * The colour classes a focus area may carry. They come from the database, and
 * Tailwind only generates classes it finds in our source, so the catalogue's
 * palette is written out here; a class outside it would draw nothing, so an
 * entry with one falls back to the neutral style.
 */
const PALETTE = new Set(
  [
    'bg-sky-50 text-sky-800 border-sky-200',
    'bg-orange-50 text-orange-800 border-orange-200',
    'bg-rose-50 text-rose-800 border-rose-200',
    'bg-teal-50 text-teal-800 border-teal-200',
    'bg-indigo-50 text-indigo-800 border-indigo-200',
    'bg-amber-50 text-amber-800 border-amber-200',
    'bg-pink-50 text-pink-800 border-pink-200',
    'bg-violet-50 text-violet-800 border-violet-200',
    'bg-emerald-50 text-emerald-800 border-emerald-200',
    'bg-lime-50 text-lime-800 border-lime-200',
    'bg-yellow-50 text-yellow-800 border-yellow-200',
  ].flatMap((classes) => classes.split(' ')),
);
const NEUTRAL = 'bg-muted text-foreground border-border';

export function focusAreaClasses(colorClasses: string | null | undefined): string {
  const classes = (colorClasses ?? '').split(/\s+/).filter(Boolean);
  return classes.length && classes.every((c) => PALETTE.has(c)) ? classes.join(' ') : NEUTRAL;
}
