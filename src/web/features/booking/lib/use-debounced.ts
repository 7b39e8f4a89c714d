// Shared with the party page's live price: it lives in src/web/lib.
export { useDebounced } from '../../../lib/use-debounced';
