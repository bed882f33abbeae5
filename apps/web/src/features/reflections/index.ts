/** The reflections feature's public surface: the member's reflections. */
export { ReflectionPanel } from './components/reflection-panel';
