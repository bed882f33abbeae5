/** The coach feature's public surface: the member's side of the AI coach beside the chat and on the profile. */
export { CoachStatus } from './components/coach-status';
export { CoachTypingLine } from './components/coach-typing-line';
export { CoachMemoryCard } from './components/coach-memory-card';
