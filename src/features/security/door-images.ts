/**
 * A door's logo and uploaded QR image (PNG data URLs, scaled to 400 and 600
 * px on upload), read from its row when a download asks for them. The board
 * does not hold them: a logo given to a range of doors is copied into each
 * row, and reading every row's images before the tiles paint would grow
 * with them.
 */
import { getRows, type TenantDb } from '../../data';

export interface DoorImages {
  logo: string | null;
  qrImage: string | null;
}

export const NO_IMAGES: DoorImages = { logo: null, qrImage: null };

/** Each door's images, in the order asked; a door no longer on the device has none. */
export async function doorImages(db: TenantDb, ids: readonly string[]): Promise<DoorImages[]> {
  const rows = new Map((await getRows(db, 'doors', ids)).map((r) => [r.id, r]));
  return ids.map((id) => {
    const r = rows.get(id);
    if (!r) return NO_IMAGES;
    return {
      logo: typeof r.logo === 'string' && r.logo ? r.logo : null,
      qrImage: typeof r.qr_image === 'string' && r.qr_image ? r.qr_image : null,
    };
  });
}
