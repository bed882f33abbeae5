/** What is running, for support and bug reports; logged once at start-up. */
export const BUILD_INFO = {
  name: 'Calm Space web',
  version: import.meta.env.VITE_APP_VERSION,
  builtAt: import.meta.env.VITE_BUILD_TIME,
  mode: import.meta.env.MODE,
} as const;

export function logBuildInfo(): void {
  console.info('[build-info]', BUILD_INFO);
}
