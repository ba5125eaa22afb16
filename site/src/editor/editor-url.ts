// Which recording the editor shows, as its URL says: read when the page opens or the hash changes, written when
// another recording opens.
/**
 * The recording to open is named in the URL hash (/editor#recording=ID), kept so a reload reopens it. A hash, not
 * a query: the page then stays the one the service worker cached, so the editor opens offline too.
 * `open=video` opens a recording whose track is damaged as its video alone.
 */
const RECORDING_PARAM = 'recording';
const OPEN_PARAM = 'open';
const VIDEO_ONLY = 'video';

export function showInUrl(id: string, videoOnly: boolean): void {
  const url = new URL(window.location.href);
  url.search = '';
  url.hash = new URLSearchParams({
    [RECORDING_PARAM]: id,
    ...(videoOnly ? { [OPEN_PARAM]: VIDEO_ONLY } : {}),
  }).toString();
  history.replaceState(null, '', url);
}

/** The recording the URL asks for (hash, or a query from older links), and whether as its video alone. */
export function requestedRecording(): { id: string; videoOnly: boolean } | null {
  const url = new URL(window.location.href);
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''));
  const id = hash.get(RECORDING_PARAM) ?? url.searchParams.get(RECORDING_PARAM);
  return id ? { id, videoOnly: hash.get(OPEN_PARAM) === VIDEO_ONLY } : null;
}
