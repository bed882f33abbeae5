/**
 * localStorage that never throws: private browsing modes and full quotas
 * make the raw API throw, and a remembered preference is never worth a crash.
 */
export const localStore = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Not remembered this time; the default choice applies on the next visit.
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing stored that we could reach.
    }
  },
};

/** sessionStorage with the same never-throwing promise (one browser tab's session). */
export const sessionStore = {
  get(key: string): string | null {
    try {
      return window.sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.sessionStorage.setItem(key, value);
    } catch {
      // Not remembered; the caller keeps its own in-memory state for this page.
    }
  },
  remove(key: string): void {
    try {
      window.sessionStorage.removeItem(key);
    } catch {
      // Nothing stored that we could reach.
    }
  },
};
