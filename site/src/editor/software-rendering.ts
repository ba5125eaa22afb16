let withoutGpu: boolean | null = null;

/**
 * Whether this browser draws without a GPU: no WebGL, or WebGL from a software rasterizer (SwiftShader, llvmpipe).
 * There the playing preview composes its frames with the planar painter; with a GPU, drawing the decoded frame into
 * the canvas is the GPU's work and the cheaper way. Asked once per page.
 */
export function drawsWithoutGpu(): boolean {
  if (withoutGpu !== null) return withoutGpu;
  const gl = document.createElement('canvas').getContext('webgl');
  if (!gl) {
    withoutGpu = true;
    return withoutGpu;
  }
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const renderer = info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  withoutGpu = /swiftshader|llvmpipe|software/i.test(renderer);
  return withoutGpu;
}
