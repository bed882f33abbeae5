import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../../../scripts/build-server.mjs';
import { createPgliteTemplate, createPostgresTemplate, type PgliteTemplate } from './database-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's migrated, seeded PGlite database (project `server`). */
    pgliteTemplate?: PgliteTemplate;
    /** The run's migrated, seeded PostgreSQL template database (project `server-postgres`). */
    postgresTemplate?: string;
  }
}

/**
 * Once per run, before any server test file: the compiled server the process
 * tests start, and the database every test file copies (see database-template.ts).
 */
export default async function setup(project: TestProject) {
  const build = buildServer();
  if (project.config.env.TEST_DATABASE === 'postgres') {
    const adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
    const [template] = await Promise.all([createPostgresTemplate(adminUrl), build]);
    project.provide('postgresTemplate', template.name);
    return () => template.drop();
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'calm-template-'));
  const [template] = await Promise.all([createPgliteTemplate(dir), build]);
  project.provide('pgliteTemplate', template);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
