/** The auth feature's public surface: the rest of the app imports from here only. */
export { AuthProvider } from './components/auth-provider';
export { useAuth } from './hooks/use-auth';
export { RequireAuth } from './components/require-auth';
export { RequireAdmin } from './components/require-admin';
