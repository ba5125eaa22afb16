import { KERNELS_WASM_BASE64 } from './kernels-wasm';

/** The WebAssembly module's exports (see assembly/kernels.ts for what each does). */
export interface KernelExports {
  readonly memory: WebAssembly.Memory;
  scalePlane(
    src: number,
    srcStride: number,
    srcStep: number,
    srcWidth: number,
    srcHeight: number,
    originX: number,
    originY: number,
    stepX: number,
    stepY: number,
    dst: number,
    dstStride: number,
    dstWidth: number,
    dstHeight: number,
    firstColumn: number,
    firstRow: number,
    alpha: number,
    scratch: number,
  ): void;
  scalePlaneAdd(
    src: number,
    srcStride: number,
    srcStep: number,
    srcWidth: number,
    srcHeight: number,
    originX: number,
    originY: number,
    stepX: number,
    stepY: number,
    dst: number,
    dstStride: number,
    dstWidth: number,
    dstHeight: number,
    firstColumn: number,
    firstRow: number,
    scratch: number,
  ): void;
  averageSums(
    sums: number,
    sumsStride: number,
    dst: number,
    dstStride: number,
    width: number,
    height: number,
    count: number,
  ): void;
  changedSpans(
    a: number,
    b: number,
    stride: number,
    rowBytes: number,
    rows: number,
    bandRows: number,
    spans: number,
  ): void;
  halvePlane(
    src: number,
    srcStride: number,
    srcStep: number,
    dst: number,
    dstStride: number,
    dstWidth: number,
    dstHeight: number,
  ): void;
  setRgbToYuv(...coefficients: number[]): void;
  setYuvToRgb(...coefficients: number[]): void;
  i420ToRgba(
    yPlane: number,
    yStride: number,
    uPlane: number,
    vPlane: number,
    chromaStride: number,
    width: number,
    height: number,
    rgba: number,
    rgbaStride: number,
  ): void;
  blendRgba(
    rgba: number,
    rgbaStride: number,
    width: number,
    height: number,
    yPlane: number,
    yStride: number,
    uPlane: number,
    vPlane: number,
    chromaStride: number,
  ): void;
}

let compiled: Promise<WebAssembly.Module> | null = null;

function kernelsModule(): Promise<WebAssembly.Module> {
  compiled ??= WebAssembly.compile(Uint8Array.from(atob(KERNELS_WASM_BASE64), (c) => c.charCodeAt(0)));
  return compiled;
}

/** Compiles the kernels' WebAssembly module (once per realm) and makes a new instance of it, with its own memory. */
export async function instantiateKernels(): Promise<KernelExports> {
  const instance = await WebAssembly.instantiate(await kernelsModule(), {
    env: {
      abort: () => {
        throw new Error('pixel kernel aborted');
      },
    },
  });
  return instance.exports as unknown as KernelExports;
}
