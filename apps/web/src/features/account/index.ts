/** The account feature's public surface: the member's profile and preferences. */
export { useProfile, useRefreshProfile } from './api/get-profile';
export { useUpdateProfile } from './api/update-profile';
export { PreferencesCard } from './components/preferences-card';
export { ProfileBanner } from './components/profile-banner';
export { WhatsAppCard } from './components/whatsapp-card';
