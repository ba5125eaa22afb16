import { describe, expect, test } from 'vitest';
import { checkNavigation, EXTERNAL_NAVIGATION_REFUSED, safeHref, unsafeProtocolRefused } from './safe-navigation';

const base = 'https://clickreel.app/licenses?licenseKey=K';

describe('checkNavigation', () => {
  test('internal paths pass as path, query and hash', () => {
    expect(checkNavigation('/editor?recording=a#x', { base })).toEqual({
      ok: true,
      url: '/editor?recording=a#x',
      external: false,
    });
    expect(checkNavigation('https://clickreel.app/recordings', { base })).toMatchObject({
      ok: true,
      url: '/recordings',
    });
    expect(checkNavigation('recordings', { base })).toMatchObject({ ok: true, url: '/recordings' });
  });

  test('external URLs are refused with their message unless flagged', () => {
    for (const target of [
      'https://evil.example/',
      '//evil.example/path',
      '/\\evil.example',
      'http://clickreel.app/',
      'https://clickreel.app:8443/',
      ' https://evil.example',
    ]) {
      expect(checkNavigation(target, { base }), target).toEqual({
        ok: false,
        refusal: 'external',
        message: EXTERNAL_NAVIGATION_REFUSED,
      });
    }
    expect(checkNavigation('https://polar.sh/portal', { base, allowExternal: true })).toEqual({
      ok: true,
      url: 'https://polar.sh/portal',
      external: true,
    });
  });

  test('unsafe protocols are refused even when external is allowed, however they are disguised', () => {
    const cases: Array<[string, string]> = [
      ['javascript:alert(1)', 'javascript:'],
      ['JavaScript:alert(1)', 'javascript:'],
      [' \tjava\nscript:alert(1)', 'javascript:'],
      ['data:text/html,<script>alert(1)</script>', 'data:'],
      ['vbscript:msgbox(1)', 'vbscript:'],
      ['file:///etc/passwd', 'file:'],
      ['blob:https://clickreel.app/uuid', 'blob:'],
      ['chrome://settings', 'chrome:'],
    ];
    for (const [target, protocol] of cases) {
      for (const allowExternal of [false, true]) {
        expect(checkNavigation(target, { base, allowExternal }), target).toEqual({
          ok: false,
          refusal: 'unsafe-protocol',
          message: unsafeProtocolRefused(protocol),
        });
      }
    }
    expect(unsafeProtocolRefused('javascript:')).toBe('Navigating to a javascript: URL is not allowed');
  });

  test('an unparsable target is refused', () => {
    expect(checkNavigation('http://[::1', { base })).toMatchObject({ ok: false, refusal: 'invalid' });
  });
});

describe('safeHref', () => {
  test('gives the link to render, or null', () => {
    expect(safeHref('https://polar.sh/checkout', { base, allowExternal: true })).toBe('https://polar.sh/checkout');
    expect(safeHref('javascript:alert(1)', { base, allowExternal: true })).toBeNull();
    expect(safeHref('https://polar.sh/checkout', { base })).toBeNull();
    expect(safeHref(null, { base })).toBeNull();
  });
});
