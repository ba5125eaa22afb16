import { browser } from 'wxt/browser';
import {
  IDLE_STATE,
  type RecorderEvent,
  type RecorderState,
  recorderStateSchema,
  transition,
} from './recorder-machine';

const STATE_KEY = 'recorderState';

/**
 * The recorder's live state: moved only by the state machine's events, kept in storage.session (it survives a
 * service-worker restart, not a browser restart), and announced to `onChange` (the badge).
 */
export class RecorderStateStore {
  private state: RecorderState = IDLE_STATE;
  /** Resolves once the state a previous service worker left is loaded. */
  readonly ready: Promise<void>;

  constructor(private readonly onChange: (state: RecorderState) => void = () => undefined) {
    this.ready = browser.storage.session
      .get(STATE_KEY)
      .then((stored) => {
        const value = recorderStateSchema.safeParse(stored[STATE_KEY]);
        if (value.success) this.state = value.data;
      })
      .catch(() => undefined);
  }

  get current(): RecorderState {
    return this.state;
  }

  /** Applies an event; false when the machine ignores it in the current state (nothing changes). */
  async apply(event: RecorderEvent): Promise<boolean> {
    const next = transition(this.state, event);
    if (!next) return false;
    this.state = next;
    this.onChange(next);
    await browser.storage.session.set({ [STATE_KEY]: next }).catch(() => undefined);
    return true;
  }
}
