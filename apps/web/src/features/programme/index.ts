/** The programme feature's public surface: the profile's "Check-ins and reminders" (`['me', userId, 'programme']`). */
export { ProgrammeSettingsCard } from './components/programme-settings-card';
