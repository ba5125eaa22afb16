import { checkNavigation, type NavigationOptions, safeHref } from '../../../shared/site/safe-navigation';

type Flags = Omit<NavigationOptions, 'base'>;

/**
 * Navigates to a URL that came from outside the page's code, through the safe-navigation check. Returns the
 * refusal message to show the user when the URL is refused (nothing happens then), or null once navigating.
 */
export function navigateTo(target: string, flags: Flags = {}): string | null {
  const check = checkNavigation(target, { ...flags, base: window.location.href });
  if (!check.ok) return check.message;
  window.location.assign(check.url);
  return null;
}

/** The href of a link that came from outside (an API answer, the server's configuration), or null: no link. */
export function outsideHref(target: string | null | undefined, flags: Flags = {}): string | null {
  return safeHref(target, { ...flags, base: window.location.href });
}

/** The query parameter that names where to go once a page has done its part (e.g. /licenses after a checkout). */
export const NEXT_PARAM = 'next';
