/** The prompts feature's public surface: today's strategic prompt and its rating. */
export { useDailyPrompt } from './api/get-daily-prompt';
export { DailyPrompt } from './components/daily-prompt';
