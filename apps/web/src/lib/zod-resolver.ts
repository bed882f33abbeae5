import './jitless-zod';

// react-hook-form's resolver, for the forms that use react-hook-form; /auth's forms
// validate through lazy-zod-resolver.ts instead (decision 044).
export { zodResolver } from '@hookform/resolvers/zod';
