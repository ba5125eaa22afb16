import { beforeAll, describe, expect, test, vi } from 'vitest';
import { confirmStopExports, exportIsRunning, STOP_EXPORT_QUESTION, trackRunningExport } from './running-exports';

describe('leaving while an export runs', () => {
  let listeners: EventTarget;
  beforeAll(() => {
    listeners = new EventTarget();
    vi.stubGlobal('window', listeners);
  });

  test('with no export running, switching recording asks nothing', () => {
    const ask = vi.fn(() => false);
    expect(confirmStopExports(ask)).toBe(true);
    expect(ask).not.toHaveBeenCalled();
  });

  test('declined, the export keeps running; agreed, it is stopped', () => {
    const stop = vi.fn();
    const untrack = trackRunningExport(stop);
    expect(exportIsRunning()).toBe(true);
    const ask = vi.fn(() => false);
    expect(confirmStopExports(ask)).toBe(false);
    expect(ask).toHaveBeenCalledWith(STOP_EXPORT_QUESTION);
    expect(stop).not.toHaveBeenCalled();
    expect(confirmStopExports(() => true)).toBe(true);
    expect(stop).toHaveBeenCalledOnce();
    untrack();
    expect(exportIsRunning()).toBe(false);
  });

  test('the page asks before unloading only while an export runs', () => {
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      listeners.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    const untrack = trackRunningExport(() => undefined);
    expect(unload()).toBe(true);
    untrack();
    expect(unload()).toBe(false);
  });
});
