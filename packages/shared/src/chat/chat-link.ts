/**
 * Click-to-chat links to the coach's messaging number (docs/product.md#connecting-to-the-coach).
 * The number comes from the server's WHATSAPP_NUMBER (GET /api/config).
 */

/** Greeting of the dashboard's connect card. */
export const DASHBOARD_GREETING =
  "Hi! I'd like instant relief from stress and overwhelm. Can you help me find some calm right now?";

/** Greeting of the onboarding-complete screen; it differs for two plan names. */
export function onboardingGreeting(planName: string): string {
  if (planName === '30-Day Free Access') {
    return "Hi! I've just started my 30-Day Free Access and I'm ready to find some calm. Where do we begin?";
  }
  if (planName === 'The Relief Plan') {
    return "Hi! I've just joined The Relief Plan and I'd like some relief from stress right now. Where do we begin?";
  }
  return `Hi! I've just set up my space with ${planName} and I'm ready to start. Where do we begin?`;
}

/** The prefilled message a member sends to ask for a plan change (docs/product.md#connecting-to-the-coach). */
export function planChangeMessage(planName: string): string {
  return `Hi! I'd like to change my subscription to ${planName}. Could you help me with that?`;
}

/** https://wa.me/<digits>?text=<url-encoded greeting> */
export function chatLink(whatsappNumber: string, text: string): string {
  const digits = whatsappNumber.replace(/\D/g, '');
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}
