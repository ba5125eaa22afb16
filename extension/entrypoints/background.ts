import { defineBackground } from 'wxt/utils/define-background';

export default defineBackground(() => {
  // Wiring of browser events lives here; the logic lives in modules under extension/ and shared/.
});
