/** What the one error page says for a status (README.md, The site's server: Errors). */
export function errorPageMessage(status: number, path: string): string {
  return status === 404 ? `Page Not Found: ${path}` : 'Internal Server Error';
}

/** The error page's title: short, without the path. */
export function errorPageTitle(status: number): string {
  return status === 404 ? 'Page Not Found' : 'Internal Server Error';
}
