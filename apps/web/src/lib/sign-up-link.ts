/**
 * Where every "sign up" link goes: /auth on its Sign Up tab. The query carries the tab
 * in the link's address, so one clicked before the page has hydrated (or with JavaScript
 * off) still opens Sign Up; the state opens it at once inside the app. /auth takes the
 * query out of the address once it has read it (app/routes/auth.tsx). Code that
 * navigates (scripts running) needs only the state: navigate('/auth', { state }).
 */
export const SIGN_UP_PATH = '/auth?tab=signup';
export const SIGN_UP_STATE = { tab: 'signup' } as const;
