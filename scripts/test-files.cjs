/**
 * What counts as a test file or a test's helper for the import boundaries, by place and suffix only: `*.test.ts`
 * files and whatever lives in a `test/` folder (decision 095). The rules leave them out, since a test may reach
 * wherever it must. Shared by .dependency-cruiser.cjs and scripts/check-boundaries.ts.
 */
module.exports = ['\\.test\\.tsx?$', '(^|/)test/'];
