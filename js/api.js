// The implementations js/polyfill.js installs: each area's module, which the build keeps as a
// file of its own (`#area/NAME` resolves to that area's file of the same flavour, pkg/NAME.cjs,
// .js, .workerd.js or .no-wasm.js; see tools/build/bundle.mjs).
export * from '#area/base64';
export * from '#area/encoding';
export * from '#area/structured-clone';
export * from '#area/url';
export * from '#area/urlpattern';
