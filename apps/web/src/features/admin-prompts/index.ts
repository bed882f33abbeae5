export { StrategicPromptsScreen } from './components/strategic-prompts-screen';
