import type { APIRoute } from 'astro';
import { CURRENT_BUILD } from '../../pwa/build-id';

/** The latest build's id: open pages compare it with their own to learn of a deploy. */
export const GET: APIRoute = () => Response.json(CURRENT_BUILD);
