import type { Rect } from '../geometry/geometry';
import type { FrameTheme } from '../look/enumerations';
import type { Context2D } from './canvas-2d';

const TRAFFIC_LIGHTS = ['#ff5f57', '#febc2e', '#28c840'] as const;

/** Shortens `text` with an ellipsis to fit `maxWidth` with the context's current font. */
function fitText(ctx: Context2D, text: string, maxWidth: number): string {
  if (ctx.measureText(text).width <= maxWidth) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (ctx.measureText(`${text.slice(0, mid)}…`).width <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return `${text.slice(0, low)}…`;
}

/** The address shown in the bar: without the scheme and a trailing slash, like browsers show it. */
export function displayUrl(url: string): string {
  return url.replace(/^https?:\/\//, '').replace(/\/$/, '');
}

/**
 * Draws the browser window chrome in `bar`: Default has traffic lights, the page title and the address;
 * Minimal only the traffic lights on a slim bar. Called with the window's rounded clip already set.
 */
export function drawWindowChrome(
  ctx: Context2D,
  theme: FrameTheme,
  bar: Rect,
  page: { readonly url: string; readonly title: string },
): void {
  if (theme === 'Hidden') return;
  ctx.save();
  ctx.fillStyle = '#ebedf0';
  ctx.fillRect(bar.x, bar.y, bar.width, bar.height);
  ctx.fillStyle = '#d4d7dc';
  ctx.fillRect(bar.x, bar.y + bar.height - Math.max(1, bar.height * 0.025), bar.width, Math.max(1, bar.height * 0.025));
  const light = bar.height * (theme === 'Default' ? 0.13 : 0.2);
  const centreY = bar.y + bar.height / 2;
  let x = bar.x + bar.height * 0.45;
  for (const color of TRAFFIC_LIGHTS) {
    ctx.beginPath();
    ctx.arc(x + light, centreY, light, 0, Math.PI * 2);
    ctx.fillStyle = color;
    ctx.fill();
    x += light * 3.2;
  }
  if (theme === 'Default') {
    const fontSize = bar.height * 0.3;
    ctx.textBaseline = 'middle';
    // Address field, centred in the bar.
    const fieldWidth = bar.width * 0.42;
    const fieldHeight = bar.height * 0.62;
    const fieldX = bar.x + (bar.width - fieldWidth) / 2;
    ctx.beginPath();
    ctx.roundRect(fieldX, centreY - fieldHeight / 2, fieldWidth, fieldHeight, fieldHeight / 2);
    ctx.fillStyle = '#ffffff';
    ctx.fill();
    ctx.font = `${fontSize}px system-ui, sans-serif`;
    ctx.fillStyle = '#4b5563';
    ctx.textAlign = 'center';
    ctx.fillText(fitText(ctx, displayUrl(page.url), fieldWidth - fieldHeight), fieldX + fieldWidth / 2, centreY);
    // Page title between the traffic lights and the address field.
    const titleX = x + light;
    const titleRoom = fieldX - titleX - bar.height * 0.4;
    if (titleRoom > fontSize * 3) {
      ctx.font = `600 ${fontSize}px system-ui, sans-serif`;
      ctx.fillStyle = '#374151';
      ctx.textAlign = 'left';
      ctx.fillText(fitText(ctx, page.title, titleRoom), titleX, centreY);
    }
  }
  ctx.restore();
}
