// Shared with the party pages (issue 28): it lives in src/web/lib now.
export { problemText } from '../../../lib/problem-text';
