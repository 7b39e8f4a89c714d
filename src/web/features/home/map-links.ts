/** Map searches for the venue's address (no embedded map: the CSP admits no third-party frames or scripts). */
export function mapLinksOf(fullAddress: string): { google: string; openStreetMap: string; directions: string } {
  const q = encodeURIComponent(fullAddress);
  return {
    google: `https://www.google.com/maps/search/?api=1&query=${q}`,
    openStreetMap: `https://www.openstreetmap.org/search?query=${q}`,
    directions: `https://www.google.com/maps/dir/?api=1&destination=${q}`,
  };
}
