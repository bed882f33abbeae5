/** The exit-intent feature's public surface: the leaving visitor's offer and survey. */
export { ExitIntentOffer } from './components/exit-intent-offer';
