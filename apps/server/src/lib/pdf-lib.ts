// pdf-lib, loaded when first needed (not at the server's start). It is CommonJS: bundled into the
// built server, a dynamic import of it answers the module under `default` alone, while tsx (the
// tests) answers its names as well; this gives the module's names either way.
export async function loadPdfLib() {
  const loaded = await import('pdf-lib');
  return (loaded.default as typeof loaded.default | undefined) ?? loaded;
}
