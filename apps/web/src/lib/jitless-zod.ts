import { config } from 'zod';

// zod 4 probes for eval (`new Function`) on its first parse to decide whether
// to compile fast paths. Our CSP (script-src 'self') refuses it and Chrome logs
// the refusal on every form page; jitless parsing skips the probe. Every way a
// form validates imports this module first, so the setting is in force before
// any form parses.
config({ jitless: true });
