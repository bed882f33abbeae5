/** The catalogue feature's public surface: focus areas and coaching tones (public lists). */
export { useCoachingTones } from './api/get-coaching-tones';
export { useFocusAreas } from './api/get-focus-areas';
