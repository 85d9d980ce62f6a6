// Metro's Babel transformer for tests/hosts/no-wasm.test.mjs: React Native's preset, as a React
// Native app's Metro applies it, with the `default` profile that lowers classes for Hermes 0.12.
const babel = require('@babel/core');

module.exports.transform = ({ filename, src }) => {
  const { ast } = babel.transformSync(src, {
    filename,
    ast: true,
    code: false,
    babelrc: false,
    configFile: false,
    sourceType: 'module',
    presets: [[require.resolve('@react-native/babel-preset'), { unstable_transformProfile: 'default' }]],
  });
  return { ast };
};
