import { expect, test } from 'vitest';
import { errorPageMessage, errorPageTitle } from './error-page';

test('404 names the path; every other status is an internal server error', () => {
  expect(errorPageMessage(404, '/nope')).toBe('Page Not Found: /nope');
  for (const status of [500, 502, 503, 403, 418]) {
    expect(errorPageMessage(status, '/x')).toBe('Internal Server Error');
    expect(errorPageTitle(status)).toBe('Internal Server Error');
  }
  expect(errorPageTitle(404)).toBe('Page Not Found');
});
