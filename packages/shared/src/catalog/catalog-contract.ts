/** What the API answers about the catalogue members choose from: focus areas, coaching tones, strategic prompts. */

export type FocusAreaDto = {
  id: string;
  label: string;
  description: string;
  icon_name: string;
  color_classes: string;
  sort_order: number;
};

export type CoachingToneDto = {
  id: string;
  title: string;
  subtitle: string;
  quote: string;
  sort_order: number;
};

export type StrategicPromptDto = {
  id: string;
  title: string;
  prompt_text: string;
  focus_area_id: string | null;
};

/** GET/POST/PATCH /api/admin/prompts: a prompt with its focus area and what members did with it. */
export type AdminStrategicPromptDto = {
  id: string;
  title: string;
  prompt_text: string;
  focus_area_id: string | null;
  focus_area_label: string | null;
  is_active: boolean;
  sort_order: number;
  /** Rounded to one decimal; null before the first rating. */
  average_rating: number | null;
  total_ratings: number;
  reflection_count: number;
  created_at: string;
  updated_at: string;
};

/** DELETE /api/admin/prompts/:id: what went with the prompt (decision 026). */
export type DeletedPromptDto = {
  id: string;
  /** Reflections written on it: kept, no longer linked to a prompt. */
  reflections_kept: number;
  /** Ratings of it: deleted with it. */
  ratings_deleted: number;
};
