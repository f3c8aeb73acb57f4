/**
 * A picked file that cannot become a photo on this device. The message is
 * shown to the officer as it is, so it says what to do next.
 */
export class PhotoFormatError extends Error {
  override name = 'PhotoFormatError';
}

export const NOT_A_PHOTO = 'This file is not a photo this device can read. Pick a JPEG, PNG or WebP photo, or take one with the camera.';

export const HEIC_NOT_CONVERTED =
  'This photo is in HEIC format and could not be converted on this device. Set the camera to "Most Compatible" (JPEG) or take the photo from the app.';
