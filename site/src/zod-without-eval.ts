import { z } from 'zod';

// zod compiles object parsers with `new Function` when it may, and probes for that by trying once: under the
// site's Content-Security-Policy (no 'unsafe-eval') the probe is a reported violation. Parsing without it is
// what the site wants anyway. Pages set zod's global config in an inline script before any module (a schema
// built in the same chunk as zod would otherwise probe first); workers, which have no page, import this first.
z.config({ jitless: true });
