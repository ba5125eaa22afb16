import { proLicenseReleaseSchema } from '../../../../../../shared/licenses/pro-license-api';
import { guardedPost, MAX_LICENSE_BODY_BYTES } from '../../../../server/api-guard';

export const prerender = false;

/** POST /api/licenses/pro/release: frees a browser profile's slot on a license (from /licenses). */
export const { POST, OPTIONS, ALL } = guardedPost({
  cors: true,
  maxBytes: MAX_LICENSE_BODY_BYTES,
  schema: proLicenseReleaseSchema,
  handle: async ({ body, runtime }) => {
    const answer = await runtime.service.release(body.license?.key, body.browserProfile, body.releaseBrowserProfileId);
    return { status: answer.httpStatus, body: answer.body };
  },
});
