/**
 * Who gets the OpenAPI document and its page at /api/docs (API_DOCS): 'on' everyone, 'admins' only
 * a signed-in admin, 'off' nobody (the address answers 404). Apart from api-docs.ts so the settings
 * read it without loading Swagger.
 */
export const API_DOCS_ACCESS = ['on', 'admins', 'off'] as const;
export type ApiDocsAccess = (typeof API_DOCS_ACCESS)[number];
