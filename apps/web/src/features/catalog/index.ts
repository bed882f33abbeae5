/** The catalogue feature's public surface: focus areas and coaching tones (public lists). */
export { coachingTonesQueryOptions, useCoachingTones } from './api/get-coaching-tones';
export { focusAreasQueryOptions, useFocusAreas } from './api/get-focus-areas';
