/** What the API answers about reflections and the ratings of the prompts they answer. */

export type ReflectionDto = {
  id: string;
  created_at: string;
  reflection_text: string;
  strategic_prompt_id: string | null;
  strategic_prompt_title: string | null;
};

/** GET and PUT /api/me/prompt-ratings/:promptId; GET answers null before the first rating. */
export type PromptRatingDto = {
  strategic_prompt_id: string;
  rating: number;
};

/** GET /api/admin/reflections: a member's reflection with who wrote it and on which prompt. */
export type AdminReflectionDto = {
  id: string;
  created_at: string;
  reflection_text: string;
  user_id: string;
  user_name: string | null;
  strategic_prompt_id: string | null;
  strategic_prompt_title: string | null;
};
