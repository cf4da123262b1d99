export { queryString } from '../../../lib/query-string';
export { withId } from '../../../lib/api-path';
