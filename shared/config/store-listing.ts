/**
 * What the Chrome Web Store listing says (scripts/store-assets.ts writes it out with the listing's images), and
 * why the extension needs each permission: the sentences the store's privacy form asks for, which the privacy
 * policy page shows too, so both say the same.
 */
import { PRO_UNLOCKS_AFTER_WATERMARK } from '../plans/plan-words';

/** The store's limit on the short description ("summary"). */
export const STORE_SHORT_DESCRIPTION_MAX = 132;

/** The listing's text. */
export const STORE_LISTING = {
  name: 'Clickreel',
  shortDescription:
    'Record a browser tab with its cursor and turn it into a polished video: auto zooms, cursor effects, backgrounds.',
  longDescription: [
    'Clickreel records the tab you are in, with its sound and a track of your pointer, and opens the recording in an editor on the Clickreel site that runs entirely in your browser: nothing is uploaded.',
    'The editor zooms and pans to follow your clicks automatically, smooths and highlights the cursor, puts the video on a background with a browser frame, adds your webcam in a bubble and exports MP4, WebM or GIF in several aspect ratios.',
    'Click the toolbar button (or press Alt+Shift+V) to start recording the current tab; click again to stop, and the recording opens in the editor. Only shortcuts are kept from the keyboard, never what you type.',
    `Pro (a license key) removes the watermark and unlocks ${PRO_UNLOCKS_AFTER_WATERMARK}.`,
  ].join('\n\n'),
  category: 'Productivity › Tools',
  singlePurpose: 'Record a browser tab with its cursor track and hand it to the Clickreel editor to make a video.',
} as const;

/** Why the extension asks for each permission in its manifest, in the words the store's privacy form takes. */
export const PERMISSION_JUSTIFICATIONS: Readonly<Record<string, string>> = {
  tabCapture:
    'Records the picture and sound of the tab you choose, only after you click the toolbar button or press the shortcut.',
  offscreen:
    'Runs the recorder in an offscreen document, because a service worker cannot record media; the recording is written to storage on your device.',
  activeTab:
    'Gives access to the tab you start recording (with a click or the shortcut), so its pointer can be tracked even when the page was opened before the extension was installed.',
  scripting:
    'Adds the pointer-tracking script to the tab you record when that page was opened before the extension was installed (only that tab, through activeTab).',
  storage: "Keeps your recording settings, your license key and this browser profile's id on your device.",
  unlimitedStorage:
    "Keeps long recordings on your device until the editor has taken them, without the browser's storage quota cutting them short.",
  contextMenus: "Puts pause, discard and settings on the toolbar button's right-click menu.",
};

/** Why the content script runs on every site (the store's host-permission question). */
export const HOST_PERMISSION_JUSTIFICATION =
  'The pointer-tracking script runs in pages so that, while you record their tab, it can note the pointer’s positions, clicks and scrolls; on tabs that are not being recorded it keeps nothing, and it never sends anything off your device.';
