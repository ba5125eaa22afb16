import { PRODUCT_NAME } from '../config/product';

export { PRODUCT_NAME };

/** Title of a page that names none of its own. */
export const DEFAULT_PAGE_TITLE = 'Create engaging screen recordings for free';

/** Page titles follow the template '{title} | {product}'. */
export function pageTitle(title: string = DEFAULT_PAGE_TITLE): string {
  return `${title} | ${PRODUCT_NAME}`;
}

/** Canonical URL: the site base URL plus the current path, with no trailing slash for the home page. */
export function canonicalUrl(siteUrl: string, path: string): string {
  const base = siteUrl.replace(/\/+$/, '');
  const cleanPath = path === '/' ? '' : path.replace(/\/+$/, '');
  return `${base}${cleanPath}`;
}
