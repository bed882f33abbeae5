import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const testFiles = (fs.readdirSync(path.join(here, 'src'), { recursive: true }) as string[])
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => path.join('src', file));

/**
 * The test files that replace a module with vi.mock: they keep a module graph of
 * their own (Vitest's default), because in a shared one a module that an earlier
 * file imported is not replaced again.
 */
const mockingFiles = testFiles.filter((file) =>
  /\bvi\.(do)?[mM]ock\(/.test(fs.readFileSync(path.join(here, file), 'utf8')),
);

/**
 * The web app's tests in jsdom, with the app's aliases, as two projects of the
 * root config (vitest.config.ts and vitest.mocking.config.ts beside this file):
 *
 * - `web`: every file that mocks no module. A worker's files share one jsdom and
 *   one module graph, as the server projects' do: setting jsdom up and importing
 *   React and the app again for every file was two thirds of this project's CPU
 *   (docs/performance.md, "Test suite"). Safe while no app module keeps state
 *   from one test's render to the next (each test renders its own tree, and
 *   @testing-library's cleanup unmounts it after the test).
 * - `web-mocking`: the files that mock a module, each in a fresh module graph.
 */
export function webTestProject(which: 'shared' | 'mocking') {
  return mergeConfig(
    viteConfig,
    defineConfig({
      test: {
        name: which === 'shared' ? 'web' : 'web-mocking',
        environment: 'jsdom',
        include: which === 'shared' ? testFiles.filter((file) => !mockingFiles.includes(file)) : mockingFiles,
        isolate: which === 'mocking',
        // A file's first render loads its lazy modules; beside the other projects' workers that can pass 5 s.
        testTimeout: 15_000,
      },
    }),
  );
}
