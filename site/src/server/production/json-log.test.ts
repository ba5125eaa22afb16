import { expect, test } from 'vitest';
import { shutdownGraceMs } from './graceful-shutdown';
import { logLineOf } from './json-log';

test('a console call is one JSON line: its text, and each error’s stack in errors', () => {
  const error = new Error('connect ECONNREFUSED');
  const line = logLineOf('error', ['Health check failed:', error], new Date('2026-11-26T12:00:00Z'));
  expect(line).not.toContain('\n');
  const entry = JSON.parse(line);
  expect(entry).toMatchObject({
    time: '2026-11-26T12:00:00.000Z',
    level: 'error',
    message: 'Health check failed: Error: connect ECONNREFUSED',
  });
  expect(entry.errors).toHaveLength(1);
  expect(entry.errors[0]).toContain('json-log.test.ts');
  expect(JSON.parse(logLineOf('info', ['listening on %s', 'port 1']))).not.toHaveProperty('errors');
  expect(JSON.parse(logLineOf('info', ['listening on %s', 'port 1'])).message).toBe('listening on port 1');
});

test('SHUTDOWN_GRACE_SECONDS: 10 s unless set, and a clear error when it is not a positive number', () => {
  expect(shutdownGraceMs({})).toBe(10_000);
  expect(shutdownGraceMs({ SHUTDOWN_GRACE_SECONDS: '2.5' })).toBe(2500);
  expect(() => shutdownGraceMs({ SHUTDOWN_GRACE_SECONDS: '0' })).toThrow(
    'SHUTDOWN_GRACE_SECONDS must be a positive number, got "0"',
  );
});
