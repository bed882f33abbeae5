/** The prompts feature's public surface: today's strategic prompt and its rating. */
export { dailyPromptQueryOptions, useDailyPrompt } from './api/get-daily-prompt';
export { promptRatingQueryKey, promptRatingQueryOptions } from './api/prompt-rating';
export { DailyPrompt } from './components/daily-prompt';
