import { describe, expect, test } from 'vitest';
import { canonicalUrl, pageTitle } from './product';

describe('page metadata', () => {
  test('titles follow "{title} | {product}" with the default title', () => {
    expect(pageTitle()).toBe('Create engaging screen recordings for free | Clickreel');
    expect(pageTitle('Editor')).toBe('Editor | Clickreel');
  });

  test('canonical URL has no trailing slash for the home page', () => {
    expect(canonicalUrl('https://clickreel.app/', '/')).toBe('https://clickreel.app');
    expect(canonicalUrl('https://clickreel.app', '/editor/')).toBe('https://clickreel.app/editor');
  });
});
