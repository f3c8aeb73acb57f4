/**
 * What the photo test page (tests/support/photo-page-main.ts) and the Node
 * side (the spec, the bench) share: the page's API and its answers.
 */
import type { ExifFields } from './exif-builder';

export interface CameraJpegOptions {
  width: number;
  height: number;
  /** 0..255: how grainy the picture is (sensor noise on top of gradients and shapes). */
  noise: number;
  /** JPEG quality of the fixture itself, as a camera would write it. */
  quality: number;
  /** Spliced in as an APP1 segment right after SOI. */
  exif?: ExifFields;
}

export interface FileSpec {
  type: string;
  name: string;
  lastModified?: number;
}

export type Rgb = [number, number, number];

export interface PhotoSummary {
  ok: true;
  ms: number;
  width: number;
  height: number;
  bytes: number;
  type: string;
  takenAt: string;
  markers: number[];
  hasExif: boolean;
  /** The decoded output's pixels (averaged over a small square) at each corner. */
  corners: { topLeft: Rgb; topRight: Rgb; bottomLeft: Rgb; bottomRight: Rgb };
  thumb: { width: number; height: number; bytes: number; markers: number[]; hasExif: boolean };
}

export interface PhotoFailure {
  ok: false;
  ms: number;
  name: string;
  message: string;
  isPhotoFormatError: boolean;
}

export interface PhotoPageApi {
  /** A JPEG drawn here; returns its key and size in bytes. */
  cameraJpeg(o: CameraJpegOptions): Promise<{ key: string; bytes: number }>;
  /** A PNG of the given size with a transparent band (JPEG has none: it must come out white). */
  png(width: number, height: number): Promise<{ key: string; bytes: number }>;
  /** Bytes from the test (base64), e.g. a fixture file or garbage. */
  fromBase64(b64: string): string;
  compress(key: string, file: FileSpec): Promise<PhotoSummary | PhotoFailure>;
  /** compressPhoto's time alone, `runs` times on the same file, with nothing else measured. */
  time(key: string, file: FileSpec, runs: number): Promise<TimedRuns>;
}

export interface TimedRuns {
  ms: number[];
  width: number;
  height: number;
  bytes: number;
  thumbBytes: number;
  /** The last run's photo, base64, for a person to look at. */
  sample: string;
}

/** Marker squares, stored (before any EXIF rotation): red at the top left, green at the bottom left. */
export const MARKER_RED: Rgb = [230, 20, 20];
export const MARKER_GREEN: Rgb = [20, 200, 40];
