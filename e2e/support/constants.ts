/** The address the e2e server lists in ADMIN_EMAILS. */
export const ADMIN_EMAIL = 'admin@calm.test';
export const PASSWORD = 'quiet-harbour-42';
