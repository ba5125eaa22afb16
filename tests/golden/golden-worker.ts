import { GOLDEN_CASES } from './golden-cases';
import { renderGolden } from './render-golden';

/** The dedicated worker's scope, typed without the webworker lib (it clashes with the DOM lib the project uses). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<string>) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
};

// A dedicated worker: no DOM, only OffscreenCanvas, as in the exporter.
scope.onmessage = (event) => {
  const golden = GOLDEN_CASES.find((c) => c.name === event.data);
  if (!golden) {
    scope.postMessage(`no golden case ${event.data}`);
    return;
  }
  const bitmap = renderGolden(golden).transferToImageBitmap();
  scope.postMessage(bitmap, [bitmap]);
};
