/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** package.json version, set by `define` in vite.config.ts. */
  readonly VITE_APP_VERSION: string;
  /** ISO time of the build, set by `define` in vite.config.ts. */
  readonly VITE_BUILD_TIME: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
