// The implementations js/polyfill.js installs: each area's module, which the build keeps as a
// file of its own (`#area/NAME` resolves to pkg/NAME.cjs or pkg/NAME.js; see tools/build-pkg.mjs).
export * from '#area/base64';
export * from '#area/encoding';
export * from '#area/structured-clone';
export * from '#area/url';
