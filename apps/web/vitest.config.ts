import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// Lets the root config list `apps/web` as a project: same aliases as the app, in jsdom.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      // A file's first render loads its lazy modules; beside the other projects' workers that can pass 5 s.
      testTimeout: 15_000,
    },
  }),
);
