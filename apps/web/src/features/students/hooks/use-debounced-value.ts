// The hook lives in lib/, shared with other features (the audit log's search box).
export { useDebouncedValue } from '../../../lib/use-debounced-value';
