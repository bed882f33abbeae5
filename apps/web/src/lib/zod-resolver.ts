import { zodResolver } from '@hookform/resolvers/zod';
import { config } from 'zod';

// zod 4 probes for eval (`new Function`) on its first parse to decide whether
// to compile fast paths. Our CSP (script-src 'self') refuses it and Chrome logs
// the refusal on every form page; jitless parsing skips the probe. Forms import
// their resolver from here so the setting is in force before any form parses.
config({ jitless: true });

export { zodResolver };
