import { webTestProject } from './vitest-projects.ts';

// The web files that mock a module, each in a module graph of its own (vitest-projects.ts).
export default webTestProject('mocking');
