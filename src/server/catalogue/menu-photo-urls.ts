/** The two widths every menu photo is re-encoded to (WebP). */
export const menuPhotoWidths = { small: 480, large: 960 } as const;

/** Where a photo's files are served; the key is random per upload, so the files never change (immutable cache). */
export function menuPhotoUrls(key: string): { small: string; large: string } {
  return {
    small: `/media/menu/${key}-${menuPhotoWidths.small}.webp`,
    large: `/media/menu/${key}-${menuPhotoWidths.large}.webp`,
  };
}
