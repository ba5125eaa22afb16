import type {
  BackgroundMessage,
  ContentMessage,
  PageDescription,
  ScreenTracking,
} from '../../shared/messages/extension-messages';
import { contentMessageSchema, TRACKED_TAB_PORT_NAME } from '../../shared/messages/extension-messages';
import { EXTENSION_ID_ATTRIBUTE } from '../../shared/messages/site-messages';
import type { TrackEvent } from '../../shared/recording/event-kinds';
import { addPick, picksFor, watchPicks } from '../storage/redaction-picks';
import { showCountdown } from './countdown';
import { CursorTracker } from './cursor-tracker';
import { pickElement, selectorFor } from './element-picker';
import { RedactionTracker } from './redaction-tracker';
import { TrackBatcher } from './track-batcher';

export { EXTENSION_ID_ATTRIBUTE };

/** What the content script needs from the extension runtime (the `browser.runtime` of the real script). */
export interface ContentRuntime {
  readonly extensionId: string;
  send(message: BackgroundMessage): Promise<unknown>;
  /** Opens a port to the background (`browser.runtime.connect`): it closes when this document's renderer dies. */
  connect(name: string): { disconnect(): void };
}

/** The page as the recorder needs it: URL, title, viewport in CSS px and the device pixel ratio (page zoom included). */
export function describePage(win: Window): PageDescription {
  return {
    url: win.location.href,
    title: win.document.title,
    width: win.innerWidth,
    height: win.innerHeight,
    dpr: win.devicePixelRatio,
  };
}

/**
 * The content script in one frame: tracks while the tab is recorded (asking the background on load, so
 * tracking continues across navigations), shows the countdown in the top frame, and tells configured
 * site origins the extension id.
 */
export class ContentController {
  private tracker: CursorTracker | null = null;
  private redactions: RedactionTracker | null = null;
  private batcher: TrackBatcher | null = null;
  private sessionId: string | null = null;
  /** Open while the top frame tracks: the background sees it close when the tab's renderer crashes. */
  private lifeline: { disconnect(): void } | null = null;
  private readonly isTop: boolean;

  constructor(
    private readonly win: Window,
    private readonly runtime: ContentRuntime,
    private readonly siteOrigins: readonly string[],
  ) {
    this.isTop = win === win.top;
  }

  /** Runs once when the script loads. */
  async start(): Promise<void> {
    if (this.isTop && this.siteOrigins.includes(this.win.location.origin)) {
      this.win.document.documentElement.setAttribute(EXTENSION_ID_ATTRIBUTE, this.runtime.extensionId);
    }
    try {
      const reply = (await this.runtime.send({ to: 'background', type: 'track-status' })) as {
        sessionId?: string | null;
        onScreen?: ScreenTracking | null;
      };
      if (reply?.sessionId) await this.track(reply.sessionId, reply.onScreen ?? null);
    } catch {
      // The background is reloading (extension update): nothing to track.
    }
  }

  /** Handles a message from the background; returns the reply promise, or undefined when not for this frame. */
  handle(raw: unknown): Promise<unknown> | undefined {
    const parsed = contentMessageSchema.safeParse(raw);
    if (!parsed.success) return undefined;
    const message: ContentMessage = parsed.data;
    switch (message.type) {
      case 'countdown':
        return this.isTop ? showCountdown(this.win, message.seconds).then(() => ({ ok: true })) : undefined;
      case 'describe-page':
        return this.isTop ? Promise.resolve(describePage(this.win)) : undefined;
      case 'track': {
        // Stopping answers once this frame's last events are stored, so the recording is built with them.
        const done = this.track(message.sessionId, message.onScreen ?? null).then(() => ({ ok: true }));
        return this.isTop ? done : undefined;
      }
      case 'pick-redaction':
        if (!this.isTop) return undefined;
        void this.pickRedaction();
        return Promise.resolve({ ok: true });
    }
  }

  private async track(sessionId: string | null, onScreen: ScreenTracking | null = null): Promise<void> {
    if (sessionId === this.sessionId) return;
    this.tracker?.detach();
    this.redactions?.detach();
    this.redactions = null;
    const flushed = this.batcher?.flush().catch(() => undefined);
    this.tracker = null;
    this.batcher = null;
    this.sessionId = sessionId;
    this.lifeline?.disconnect();
    this.lifeline = null;
    if (!sessionId) {
      await flushed;
      return;
    }
    const batcher = new TrackBatcher((events: TrackEvent[]) =>
      this.runtime.send({ to: 'background', type: 'track-events', sessionId, events }).catch(() => undefined),
    );
    this.batcher = batcher;
    this.tracker = new CursorTracker(this.win, batcher.push, onScreen);
    this.tracker.attach();
    const origin = this.win.location.origin;
    this.redactions = new RedactionTracker(
      this.win,
      batcher.push,
      { load: () => picksFor(origin), watch: (onChange) => watchPicks(origin, onChange) },
      onScreen,
    );
    this.redactions.attach();
    if (this.isTop) {
      this.announcePage();
      try {
        this.lifeline = this.runtime.connect(TRACKED_TAB_PORT_NAME);
      } catch {
        // The extension is reloading: it finds the tab again through track-status.
      }
    }
    // Flush before the document goes away (navigation, tab close).
    this.win.addEventListener('pagehide', () => void this.batcher?.flush(), { once: true });
  }

  /** "Redact an element": the user clicks it on the page; its selector is kept for this site. */
  private async pickRedaction(): Promise<void> {
    const element = await pickElement(this.win);
    if (element) await addPick(this.win.location.origin, selectorFor(element));
  }

  private announcePage(): void {
    const send = () => {
      const page = describePage(this.win);
      this.batcher?.push({ k: 'page', w: this.win.performance.timeOrigin + this.win.performance.now(), ...page });
    };
    if (this.win.document.readyState === 'loading') {
      this.win.document.addEventListener('DOMContentLoaded', send, { once: true });
    } else send();
  }
}
