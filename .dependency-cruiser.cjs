// @ts-check
/**
 * The import-cycle check of `npm test` (`npm run check:cycles`). A cycle is refused even when a
 * type import closes it: the two files still cannot be understood, moved or tested apart.
 * (Which folder may import which is checked by ESLint's layer rules, eslint.config.mjs.)
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other, directly or round a circle, type imports included.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(out|dist|node_modules|reports|docs|coverage)/' },
    // Count `import type`: TypeScript erases them, but they tie the modules together all the same.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json'] },
  },
}
