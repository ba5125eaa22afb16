import { colorSpaceFor, rgbToYuv, type YuvEncoding } from '../../../shared/render/planar/yuv-color';

/** A fake web page, drawn without text so it looks the same on every machine: the stand-in for a video frame. */
export function drawFakePage(width: number, height: number): OffscreenCanvas {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D context');
  const u = width / 960;
  ctx.fillStyle = '#f8fafc';
  ctx.fillRect(0, 0, width, height);
  // Top navigation.
  ctx.fillStyle = '#1e293b';
  ctx.fillRect(0, 0, width, 48 * u);
  ctx.fillStyle = '#38bdf8';
  ctx.beginPath();
  ctx.arc(28 * u, 24 * u, 12 * u, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#94a3b8';
  for (let i = 0; i < 4; i++) ctx.fillRect((70 + i * 80) * u, 20 * u, 56 * u, 8 * u);
  // Sidebar.
  ctx.fillStyle = '#e2e8f0';
  ctx.fillRect(0, 48 * u, 180 * u, height - 48 * u);
  ctx.fillStyle = '#94a3b8';
  for (let i = 0; i < 9; i++) ctx.fillRect(20 * u, (80 + i * 40) * u, (110 - (i % 3) * 20) * u, 10 * u);
  // Cards with charts.
  const colors = ['#6366f1', '#f59e0b', '#10b981'];
  for (let i = 0; i < 3; i++) {
    const x = (210 + i * 245) * u;
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(x, 80 * u, 220 * u, 170 * u);
    ctx.strokeStyle = '#cbd5e1';
    ctx.lineWidth = u;
    ctx.strokeRect(x, 80 * u, 220 * u, 170 * u);
    ctx.fillStyle = colors[i] ?? '#000';
    for (let b = 0; b < 7; b++) {
      const h = (30 + ((b * 37 + i * 23) % 90)) * u;
      ctx.fillRect(x + (18 + b * 28) * u, 230 * u - h, 18 * u, h);
    }
  }
  // Text lines and a form with a button.
  ctx.fillStyle = '#cbd5e1';
  for (let i = 0; i < 6; i++) ctx.fillRect(210 * u, (285 + i * 22) * u, (420 - (i % 2) * 120) * u, 9 * u);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(640 * u, 290 * u, 280 * u, 36 * u);
  ctx.strokeStyle = '#94a3b8';
  ctx.strokeRect(640 * u, 290 * u, 280 * u, 36 * u);
  ctx.fillStyle = '#2563eb';
  ctx.fillRect(640 * u, 345 * u, 150 * u, 40 * u);
  ctx.fillStyle = '#bfdbfe';
  ctx.fillRect(680 * u, 361 * u, 70 * u, 8 * u);
  return canvas;
}

/** A stand-in webcam frame: a lit backdrop and a head and shoulders. */
export function drawFakeWebcam(width: number, height: number): OffscreenCanvas {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D context');
  const backdrop = ctx.createLinearGradient(0, 0, width, height);
  backdrop.addColorStop(0, '#94a3b8');
  backdrop.addColorStop(1, '#475569');
  ctx.fillStyle = backdrop;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#1d4ed8';
  ctx.beginPath();
  ctx.ellipse(width / 2, height * 1.05, width * 0.36, height * 0.38, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#f1c27d';
  ctx.beginPath();
  ctx.ellipse(width / 2, height * 0.45, width * 0.15, height * 0.22, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#3f2a14';
  ctx.beginPath();
  ctx.ellipse(width / 2, height * 0.3, width * 0.16, height * 0.09, 0, 0, Math.PI * 2);
  ctx.fill();
  return canvas;
}

/** A stand-in for a user's background photo: a warm gradient with a checker of soft squares. */
export function drawFakePhoto(width: number, height: number): OffscreenCanvas {
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D context');
  const fill = ctx.createLinearGradient(0, 0, 0, height);
  fill.addColorStop(0, '#fb7185');
  fill.addColorStop(1, '#7c3aed');
  ctx.fillStyle = fill;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#ffffff22';
  const cell = width / 12;
  for (let y = 0; y < height / cell; y++) {
    for (let x = 0; x < 12; x++) if ((x + y) % 2 === 0) ctx.fillRect(x * cell, y * cell, cell, cell);
  }
  return canvas;
}

/** A picture as a decoded I420 VideoFrame in `encoding`, as a video decoder would hand it over. */
export function toDecodedFrame(canvas: OffscreenCanvas, encoding: YuvEncoding): VideoFrame {
  const { width, height } = canvas;
  const rgba = (canvas.getContext('2d') as OffscreenCanvasRenderingContext2D).getImageData(0, 0, width, height).data;
  const data = new Uint8Array((width * height * 3) / 2);
  const chroma = width * height;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data[y * width + x] = Math.round(rgbToYuv(encoding, rgba[i] ?? 0, rgba[i + 1] ?? 0, rgba[i + 2] ?? 0)[0]);
    }
  }
  for (let y = 0; y < height / 2; y++) {
    for (let x = 0; x < width / 2; x++) {
      let u = 0;
      let v = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const i = ((2 * y + dy) * width + 2 * x + dx) * 4;
        const [, pu, pv] = rgbToYuv(encoding, rgba[i] ?? 0, rgba[i + 1] ?? 0, rgba[i + 2] ?? 0);
        u += pu / 4;
        v += pv / 4;
      }
      data[chroma + y * (width / 2) + x] = Math.round(u);
      data[chroma + chroma / 4 + y * (width / 2) + x] = Math.round(v);
    }
  }
  return new VideoFrame(data, {
    format: 'I420',
    codedWidth: width,
    codedHeight: height,
    timestamp: 0,
    colorSpace: colorSpaceFor(encoding),
  });
}
