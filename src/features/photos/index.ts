/**
 * Photo evidence (issue 17): adding photos to a record being written, and a
 * row's photos shown where the row is. Storing and uploading are the offline
 * core's (src/data/photo-*.ts).
 */
export { PhotoPicker, type DraftPhoto } from './photo-picker';
export { PhotoGallery } from './photo-gallery';
export { useRowPhotos, type RowPhoto } from './use-row-photos';
export { useRowsWithPhotos } from './use-rows-with-photos';
export { rowThumbnails, type RowThumbnails } from './pdf-thumbnails';
