// What site-browser-profile.ts validates with, in a chunk of its own: it loads zod only when there is something to
// validate.
export { browserProfileResponseSchema } from '../../../shared/messages/site-messages';
export { browserProfileSchema } from '../../../shared/profile/browser-profile';
