/**
 * The attribute the extension's content script puts on the site's <html>: the extension id to message. In a module
 * of its own (no zod): pages read it first thing, before anything is validated.
 */
export const EXTENSION_ID_ATTRIBUTE = 'data-clickreel-extension';
