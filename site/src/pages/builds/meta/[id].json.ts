import type { APIRoute, GetStaticPaths } from 'astro';
import type { BuildManifest } from '../../../../../shared/site/builds';
import { CURRENT_BUILD } from '../../../pwa/build-id';

/** The routes this build prerenders: the pages worth preloading. */
const pages = import.meta.glob('../../*.astro');
const routes = Object.keys(pages)
  .map((file) => file.replace(/^\.\.\/\.\.\//, '/').replace(/\.astro$/, ''))
  .filter((route) => route !== '/404')
  .map((route) => (route === '/index' ? '/' : route));

export const getStaticPaths: GetStaticPaths = () => [{ params: { id: CURRENT_BUILD.id } }];

/** This build's manifest, named by its id. */
export const GET: APIRoute = () => Response.json({ ...CURRENT_BUILD, routes } satisfies BuildManifest);
