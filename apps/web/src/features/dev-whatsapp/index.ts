/** The dev-whatsapp feature's public surface: the simulated WhatsApp phone of local mode (/dev/whatsapp). */
export { Phone } from './components/phone';
export { PhoneIdentityForm, phoneDigits, type PhoneIdentity } from './components/phone-identity';
export { useLocalPhones } from './api/phone-api';
