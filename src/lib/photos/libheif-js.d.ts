/** The part of libheif-js's pure-JavaScript build (its default export) that heic-worker.ts uses. */
declare module 'libheif-js' {
  interface HeifPixels {
    data: Uint8ClampedArray;
    width: number;
    height: number;
  }
  interface HeifImage {
    get_width(): number;
    get_height(): number;
    is_primary(): boolean;
    /** Decodes into `target` (RGBA, the image's size, rotations applied) and calls back with it, or with null on failure. */
    display(target: HeifPixels, done: (result: HeifPixels | null) => void): void;
    free(): void;
  }
  interface HeifDecoder {
    /** The file's top-level images; empty when it cannot be parsed. */
    decode(data: ArrayBuffer | Uint8Array): HeifImage[];
  }
  const libheif: { HeifDecoder: new () => HeifDecoder };
  export default libheif;
}
