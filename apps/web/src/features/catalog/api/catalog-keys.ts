/** The catalogue's query keys (public lists every screen shares); this module owns them. */
export const catalogKeys = {
  focusAreas: ['catalog', 'focus-areas'] as const,
  coachingTones: ['catalog', 'coaching-tones'] as const,
};
