// zod as the web app's bundle imports it: vite.config.ts points every `import … from 'zod'` (the
// contract's too) here, so zod's settings (zod-config.ts: no eval probe under the CSP) are in place
// before zod's own code runs and before any module builds a schema, whatever order the bundler
// gives its chunks.
import './zod-config';

export * from 'zod/v4';
export { default } from 'zod/v4';
