// Injected into the CommonJS hot-path bundles: `import.meta.url` for code written as ESM.
export const importMetaUrl = require('node:url').pathToFileURL(__filename).href;
