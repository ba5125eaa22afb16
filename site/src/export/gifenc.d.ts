// Types for the parts of gifenc (plain JS, no bundled types) the GIF export uses.
declare module 'gifenc' {
  export type Palette = number[][];
  export interface GifEncoder {
    writeFrame(
      index: Uint8Array,
      width: number,
      height: number,
      options?: { palette?: Palette; delay?: number; repeat?: number; transparent?: boolean; first?: boolean },
    ): void;
    /** Manual mode (`auto: false`): the GIF header, before the first frame. */
    writeHeader(): void;
    finish(): void;
    bytes(): Uint8Array;
    /** The bytes written since the last reset, without a copy. */
    bytesView(): Uint8Array<ArrayBuffer>;
    /** Empties the buffer (the next bytes start at its beginning). */
    reset(): void;
  }
  export function GIFEncoder(options?: { auto?: boolean }): GifEncoder;
  export function quantize(
    rgba: Uint8Array | Uint8ClampedArray,
    maxColors: number,
    options?: { format?: 'rgb565' | 'rgb444' | 'rgba4444' },
  ): Palette;
  export function applyPalette(
    rgba: Uint8Array | Uint8ClampedArray,
    palette: Palette,
    format?: 'rgb565' | 'rgb444' | 'rgba4444',
  ): Uint8Array;
}
