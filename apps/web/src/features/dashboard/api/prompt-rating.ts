import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, read } from '@/lib/api';
import { DEMO_USER_ID, readDemoRating, writeDemoRating } from '@/lib/demo/demo-store';

// hono's client puts path parameters into the path as they are: encode them.
const ratingOf = (promptId: string) => ({ param: { promptId: encodeURIComponent(promptId) } });

export async function getPromptRating(promptId: string): Promise<number | null> {
  const saved = await read(api.me['prompt-ratings'][':promptId'].$get(ratingOf(promptId)));
  return saved?.rating ?? null;
}

export async function ratePrompt(promptId: string, rating: number): Promise<number> {
  const saved = await read(api.me['prompt-ratings'][':promptId'].$put({ ...ratingOf(promptId), json: { rating } }));
  return saved.rating;
}

/** The member's 1–5 rating of a prompt (one per member and prompt, FOUNDING-DESIGN §4). */
export const promptRatingQueryOptions = (userId: string | undefined, promptId: string | undefined) =>
  queryOptions({
    queryKey: ['me', userId, 'prompt-rating', promptId],
    queryFn: () => (userId === DEMO_USER_ID ? Promise.resolve(readDemoRating(promptId!)) : getPromptRating(promptId!)),
    enabled: Boolean(userId && promptId),
  });

export function usePromptRating(userId: string | undefined, promptId: string | undefined) {
  return useQuery(promptRatingQueryOptions(userId, promptId));
}

export function useRatePrompt(userId: string | undefined, promptId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rating: number) =>
      userId === DEMO_USER_ID ? Promise.resolve(writeDemoRating(promptId!, rating)) : ratePrompt(promptId!, rating),
    onSuccess: (rating) => queryClient.setQueryData(promptRatingQueryOptions(userId, promptId).queryKey, rating),
  });
}
