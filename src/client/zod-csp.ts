// Must run before any zod schema is built (so main.tsx imports it first). Zod probes for
// `new Function` to compile fast parsers; under the server's CSP (no 'unsafe-eval') that probe is
// reported as a security-policy violation even though zod catches it. Jitless parsing is plenty
// for a handful of small API answers.
import { z } from 'zod';

z.config({ jitless: true });
