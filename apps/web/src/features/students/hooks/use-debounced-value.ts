// Shared with other features since issue 8 (the audit log's search box).
export { useDebouncedValue } from '../../../lib/use-debounced-value';
