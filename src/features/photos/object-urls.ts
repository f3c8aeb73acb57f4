/**
 * Object URLs for photo bytes held in memory, revoked when the screen lets
 * them go, so a gallery opened and closed all shift does not leak images.
 */
import { useEffect, useMemo } from 'react';

export function useObjectUrls(items: readonly { key: string; bytes: ArrayBuffer | null }[]): Map<string, string> {
  const urls = useMemo(() => {
    const m = new Map<string, string>();
    for (const i of items) if (i.bytes) m.set(i.key, URL.createObjectURL(new Blob([i.bytes], { type: 'image/jpeg' })));
    return m;
  }, [items]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  return urls;
}
