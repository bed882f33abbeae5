import { localStore } from '@/lib/browser-storage';
import { STORAGE_KEYS } from '@/lib/storage-keys';

/**
 * Whether a demo runs in this browser, and leaving it (docs/product.md#demo-mode).
 * Every page needs this much; the demo's store and adapter (./demo-store.ts,
 * ./demo-member-api.ts) load only once a demo starts or is found here.
 */
export const DEMO_USER_ID = 'demo-user';

/** The screens a demo visitor may open; the rest need an account. */
export const DEMO_PATHS: readonly string[] = ['/dashboard', '/profile'];

/** Same-tab signal: storage events only reach other tabs. */
export const DEMO_SESSION_EVENT = 'calm-space:demo-session';

export const announceDemoSession = () => window.dispatchEvent(new Event(DEMO_SESSION_EVENT));

export function isDemoSession(): boolean {
  return localStore.get(STORAGE_KEYS.demoSession) === 'true';
}

/** Forgets everything the demo stored. */
export function leaveDemo(): void {
  for (const key of [
    STORAGE_KEYS.demoSession,
    STORAGE_KEYS.demoUser,
    STORAGE_KEYS.demoReflections,
    STORAGE_KEYS.demoPromptRatings,
    STORAGE_KEYS.demoTrackerFeedback,
  ]) {
    localStore.remove(key);
  }
  announceDemoSession();
}
