import { sessionStore } from './browser-storage';
import { STORAGE_KEYS } from './storage-keys';

/** A success toast handed from one page to the next it loads. */
interface CarriedToast {
  title: string;
  description?: string;
}

/**
 * A toast for the page about to be loaded, not this one: a page without a router
 * (/auth, decision 043) leaves by a page load, which would take a toast raised
 * now with it ("Welcome back!" after signing in). Kept in this tab's
 * sessionStorage until the next page's notification area shows it.
 */
export function toastAfterLoad(title: string, options: { description?: string } = {}): void {
  const carried = [...readCarried(), { title, description: options.description }];
  sessionStore.set(STORAGE_KEYS.toastsAfterLoad, JSON.stringify(carried));
}

/** The toasts the previous page handed on, once: they are forgotten as they are read. */
export function takeToastsAfterLoad(): CarriedToast[] {
  const carried = readCarried();
  if (carried.length > 0) sessionStore.remove(STORAGE_KEYS.toastsAfterLoad);
  return carried;
}

function readCarried(): CarriedToast[] {
  try {
    const parsed: unknown = JSON.parse(sessionStore.get(STORAGE_KEYS.toastsAfterLoad) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (item): item is CarriedToast =>
        typeof item === 'object' && item !== null && typeof (item as CarriedToast).title === 'string',
    );
  } catch {
    return [];
  }
}
