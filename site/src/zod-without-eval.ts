import { z } from 'zod';

// zod compiles object parsers with `new Function` when it may, and probes for that by trying once: under the
// site's Content-Security-Policy (no 'unsafe-eval') the probe is a reported violation. Parsing without it is
// what the site wants anyway. Imported first by every island and worker of the site.
z.config({ jitless: true });
