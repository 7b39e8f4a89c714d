import { fullAddress } from '../../../shared/venue';

// Searches by the venue address (no embedded map: the CSP admits no third-party frames or scripts).
const q = encodeURIComponent(fullAddress);
export const mapLinks = {
  google: `https://www.google.com/maps/search/?api=1&query=${q}`,
  openStreetMap: `https://www.openstreetmap.org/search?query=${q}`,
  directions: `https://www.google.com/maps/dir/?api=1&destination=${q}`,
};
