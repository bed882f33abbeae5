import { webTestProject } from './vitest-projects.ts';

// Lets the root config list `apps/web` as a project: the files that mock no module (vitest-projects.ts).
export default webTestProject('shared');
