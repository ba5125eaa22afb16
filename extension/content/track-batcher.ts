import type { TrackEvent } from '../../shared/recording/event-kinds';

/**
 * Collects events and hands them over in batches: at most every `intervalMs`, and only when there is
 * something to send (no timer runs while the pointer is idle).
 */
export class TrackBatcher {
  private buffer: TrackEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly deliver: (events: TrackEvent[]) => Promise<unknown> | undefined,
    private readonly intervalMs = 100,
  ) {}

  /** Queues an event. */
  readonly push = (event: TrackEvent): void => {
    this.buffer.push(event);
    this.timer ??= setTimeout(() => void this.flush(), this.intervalMs);
  };

  /** Sends what is queued now; resolves once the receiver has it. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.buffer.length === 0) return;
    const events = this.buffer;
    this.buffer = [];
    await this.deliver(events);
  }
}
