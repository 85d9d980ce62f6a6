// The Node ES module plus test-only exports; built only with the `testing-hooks` feature.
export * from './node.mjs';
export { panicForTesting } from '#glue';
