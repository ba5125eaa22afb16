import type { APIRoute, GetStaticPaths } from 'astro';
import type { BuildManifest } from '../../../../../shared/site/builds';
import { CURRENT_BUILD } from '../../../pwa/build-id';

/**
 * The routes this build prerenders: the pages worth preloading. A page rendered per request (`prerender = false`:
 * /licenses, the error pages) is left out, or every page linking it would make the server render it on each load.
 */
const pages = import.meta.glob<{ prerender?: boolean }>('../../*.astro', { eager: true });
const routes = Object.entries(pages)
  .filter(([, page]) => page.prerender !== false)
  .map(([file]) => file.replace(/^\.\.\/\.\.\//, '/').replace(/\.astro$/, ''))
  .map((route) => (route === '/index' ? '/' : route));

export const getStaticPaths: GetStaticPaths = () => [{ params: { id: CURRENT_BUILD.id } }];

/** This build's manifest, named by its id. */
export const GET: APIRoute = () => Response.json({ ...CURRENT_BUILD, routes } satisfies BuildManifest);
