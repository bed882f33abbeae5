import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { twMergeConfig } from './tailwind-merge-config';

/** tailwind-merge limited to the class groups this app uses (tailwind-merge-config.ts). */
const twMerge = createTailwindMerge(twMergeConfig);

/** Joins class names; later Tailwind utilities win over earlier conflicting ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
