// What each plan exports, in the buyer's words: the home page, the licenses page, the store listing and the export
// dialog all take their sentences from here, so none of them promises a size another does not offer.
import { listed } from '../data/words';
import { EXPORT_RESOLUTIONS } from '../export/export-resolutions';
import { namedResolutions, PLAN_LIMITS } from './plans';

/** The named sizes the free plan exports ("720p and 1080p"). */
export const FREE_SIZES = listed(namedResolutions('free').map((r) => EXPORT_RESOLUTIONS[r].label));

/** The named sizes only Pro exports ("1440p and 4K"). */
export const PRO_ONLY_SIZES = listed(
  namedResolutions('pro')
    .filter((r) => !namedResolutions('free').includes(r))
    .map((r) => EXPORT_RESOLUTIONS[r].label),
);

/** What a free export can be: "720p and 1080p at 30 fps". */
export const FREE_EXPORTS = `${FREE_SIZES} at ${PLAN_LIMITS.free.maxFrameRate} fps`;

/** What Pro unlocks, as a list: "No watermark, 1440p and 4K exports, 60 fps". */
export const PRO_UNLOCKS = `No watermark, ${PRO_ONLY_SIZES} exports, ${PLAN_LIMITS.pro.maxFrameRate} fps`;

/** What Pro unlocks, after "removes the watermark and unlocks": "1440p and 4K exports and 60 fps". */
export const PRO_UNLOCKS_AFTER_WATERMARK = `${PRO_ONLY_SIZES} exports and ${PLAN_LIMITS.pro.maxFrameRate} fps`;
