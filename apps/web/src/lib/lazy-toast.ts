import type { toast as sonnerToast } from 'sonner';

type Sonner = typeof sonnerToast;

const loadSonner = () => import('sonner').then((module) => module.toast);

/** Raises the toast once sonner is in; offline before it ever loaded, the toast cannot be shown. */
const raise = (show: (toast: Sonner) => unknown) =>
  void loadSonner().then(show, (error: unknown) => console.error('The notification area could not load', error));

/**
 * sonner's `toast`, for code in a pre-rendered page's first load (the forms of
 * /auth): the library downloads with the page's notification area, on the
 * visitor's first interaction (app/deferred-toaster.tsx), not with the page.
 * Every toast these forms raise follows a click or a key, so sonner is in by
 * then and the toast shows as at once; calls keep their order. Elsewhere,
 * import `toast` from sonner directly.
 */
export const toast = {
  success: (...args: Parameters<Sonner['success']>) => raise((toast) => toast.success(...args)),
  error: (...args: Parameters<Sonner['error']>) => raise((toast) => toast.error(...args)),
  dismiss: (...args: Parameters<Sonner['dismiss']>) => raise((toast) => toast.dismiss(...args)),
};
