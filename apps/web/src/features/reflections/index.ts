/** The reflections feature's public surface: the member's reflections. */
export { reflectionsQueryKey, reflectionsQueryOptions, useReflections } from './api/get-reflections';
export { ReflectionPanel } from './components/reflection-panel';
