import { proLicenseRequestSchema } from '../../../../../../shared/licenses/pro-license-api';
import { guardedPost, MAX_LICENSE_BODY_BYTES } from '../../../../server/api-guard';

export const prerender = false;

/** POST /api/licenses/pro/activate: checks a key and binds this browser profile to it (within the tier's count). */
export const { POST, OPTIONS, ALL } = guardedPost({
  cors: true,
  maxBytes: MAX_LICENSE_BODY_BYTES,
  schema: proLicenseRequestSchema,
  handle: async ({ body, runtime }) => {
    const answer = await runtime.service.activate(body.license?.key, body.browserProfile);
    return { status: answer.httpStatus, body: answer.body };
  },
});
