// esbuild, wired for the package: the flavours, the build-only specifiers (js/README.md lists
// them) and keepNames' clean-up in the classic scripts.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import { instanceModule } from './instance.mjs';
import { root } from '../wasm.mjs';

export const js = join(root, 'js');
const require = createRequire(import.meta.url);
const babel = require('@babel/core');

/**
 * How each flavour of a file gets its units. Module flavours import other areas' files and the
 * shared modules from files beside them; the classic scripts are one file each.
 *  - inline: Node (`import`, and `require` of ES modules), Bun, Deno, browsers, bundlers: the wasm
 *    inline (UNIT-wasm.js), compiled on first use;
 *  - workerd: Workers and edge runtimes: the .wasm imported as a compiled module;
 *  - no-wasm: hosts that cannot run WebAssembly: each unit translated to JavaScript (UNIT-asm.js);
 *  - polyfill-inline, polyfill-workerd, polyfill-no-wasm: an area's polyfill, an ES module over
 *    that area's file of the flavour in `modules`;
 *  - script, script-no-wasm: the classic scripts polyfill.js and polyfill.no-wasm.js, every area
 *    with the wasm or the translation inside.
 */
const moduleFlavour = (target, suffix, instance) => ({ target, format: 'esm', platform: 'neutral', suffix, instance });
export const FLAVOURS = {
  inline: moduleFlavour('wasm', '.js', 'inline'),
  workerd: moduleFlavour('wasm', '.workerd.js', 'workerd'),
  'no-wasm': moduleFlavour('js', '.no-wasm.js', 'no-wasm'),
  'polyfill-inline': { ...moduleFlavour('wasm', '.polyfill.js', 'inline'), modules: 'inline' },
  'polyfill-workerd': { ...moduleFlavour('wasm', '.workerd.polyfill.js', 'workerd'), modules: 'workerd' },
  'polyfill-no-wasm': { ...moduleFlavour('js', '.no-wasm.polyfill.js', 'no-wasm'), modules: 'no-wasm' },
  script: { target: 'wasm', format: 'iife', platform: 'browser', file: 'polyfill.js', instance: 'polyfill', script: true },
  'script-no-wasm': {
    target: 'js',
    format: 'iife',
    platform: 'browser',
    file: 'polyfill.no-wasm.js',
    instance: 'polyfill-no-wasm',
    script: true,
  },
};

/**
 * Modules every area uses that hold no state tied to one unit: the ES module flavours import them
 * from a file of their own (pkg/shared-NAME.js) instead of each carrying a copy, so that an app
 * with several areas has one. (js/io.js and js/runtime.js hold a unit's state: each area keeps
 * its own.)
 */
export const SHARED = {
  'utf8.js': 'shared-utf8',
  'fallback/utf8.js': 'shared-utf8-fallback',
  'webidl.js': 'shared-webidl',
  'inflate.js': 'shared-inflate',
  'wasm-module.js': 'shared-wasm-module',
  'dom-exception.js': 'shared-dom-exception',
  'structured-clone/platform.js': 'shared-platform',
};
const SHARED_FILTER = new RegExp(
  `/(${Object.keys(SHARED)
    .map((source) => basename(source, '.js'))
    .join('|')})\\.js$`,
);

/**
 * The esbuild plugin that wires one bundle (the specifiers are listed in js/README.md).
 * `area`: the area being bundled (its unit: `units[area]`); `flavour`; `externalAreas`: another
 * file for an area (the lite build's encoding-lite); `glueDir(unit, target)`; `inline(unit)`: the
 * unit's wasm as inline text; `subpath(unit)`: the subpath named in a host's refusal;
 * `noWasmBuild`: what installPolyfill's warning names for hosts without WebAssembly.
 */
export function wiring({
  area,
  flavour,
  externalAreas = {},
  areaApi,
  units,
  glueDir,
  inline,
  subpath,
  testing,
  noWasmBuild = "'webweft/no-wasm'",
}) {
  const { target, instance, script } = FLAVOURS[flavour];
  const modules = FLAVOURS[flavour].modules ?? (script ? undefined : flavour);
  const suffix = modules && FLAVOURS[modules].suffix;
  const areaUnit = area ? (units[area] ?? area) : undefined;
  const virtual = (name, contents) => ({ path: name, namespace: 'weft-virtual', pluginData: contents });
  const unitOfGlue = (importer) => basename(dirname(importer)).replace(/-js$/, '');
  // React Native's Babel preset refuses class static blocks (it leaves classes to the engine but
  // lowers their private members), and the areas without a unit serve React Native with the
  // same files as every other host: in every file they become the equivalent static private
  // field initializers, which cost nothing more.
  const source = (path) => {
    const contents = readFileSync(path, 'utf8');
    if (!/\bstatic \{/.test(contents)) return contents;
    return babel.transformSync(contents, {
      filename: path,
      babelrc: false,
      configFile: false,
      plugins: [require.resolve('@babel/plugin-transform-class-static-block')],
    }).code;
  };
  return {
    name: 'weft-wiring',
    setup(build) {
      build.onResolve({ filter: /^#glue$/ }, () => ({ path: join(glueDir(areaUnit, target), 'glue.js') }));
      build.onResolve({ filter: /^#wasm-instance$/ }, ({ importer }) => {
        const unit = unitOfGlue(importer);
        return virtual(
          `wasm-instance:${unit}`,
          instanceModule({ unit, flavour: instance, subpath: subpath(unit), inline: inline(unit) }),
        );
      });
      build.onResolve({ filter: /^#unit-data\// }, ({ path }) => {
        const name = path.slice('#unit-data/'.length);
        return { path: `./${name}${name.endsWith('.wasm') ? '' : '.js'}`, external: true };
      });
      build.onResolve({ filter: /^#unit-asm\// }, ({ path }) => ({
        path: join(glueDir(path.slice('#unit-asm/'.length), 'js'), 'asm.js'),
      }));
      build.onResolve({ filter: /^#inflate$/ }, () =>
        modules ? { path: `./${SHARED['inflate.js']}.js`, external: true } : { path: join(js, 'inflate.js') },
      );
      if (modules) {
        build.onResolve({ filter: SHARED_FILTER }, ({ path, resolveDir, kind }) => {
          const shared = SHARED[relative(js, resolve(resolveDir, path))];
          return shared && kind !== 'entry-point' ? { path: `./${shared}.js`, external: true } : undefined;
        });
      }
      build.onResolve({ filter: /^#html$/ }, () => virtual('html', "export * as html from '#area/html';"));
      build.onResolve({ filter: /^#area\// }, ({ path }) => {
        const name = path.slice('#area/'.length);
        // A classic script is one file: every area bundled in, over the same full unit.
        if (script) return { path: join(js, 'entries', `${name}.js`) };
        // An area with no unit has one ES module for every flavour.
        const file = units[name] === null ? '.js' : suffix;
        return { path: `./${externalAreas[name] ?? name}${file}`, external: true };
      });
      build.onResolve({ filter: /^#area-api$/ }, () => areaApi);
      // Whether this flavour compiles wasm from bytes (which a host may refuse), what to use
      // instead where it cannot, and whether its units are translated to JavaScript; the host's
      // URI decoder as a UTF-8 decoder only where they are (a wasm flavour does not carry it).
      build.onResolve({ filter: /^#flavour$/ }, () =>
        virtual(
          'flavour',
          [
            `export const compilesWasm = ${['inline', 'polyfill'].includes(instance)};`,
            `export const noWasmBuild = ${JSON.stringify(noWasmBuild)};`,
            `export const translatedUnits = ${target === 'js'};`,
            target === 'js' ? "export { hostUtf8Uri } from './host/encoding.js';" : 'export const hostUtf8Uri = undefined;',
            // The CJK decoders' runs in JavaScript, where the units are translated (js/fallback/multi-byte.js).
            target === 'js'
              ? "export { decodedState, decodedString, multiByteRun } from './fallback/multi-byte.js';"
              : 'export const decodedState = undefined, decodedString = undefined, multiByteRun = undefined;',
          ].join('\n'),
        ),
      );
      build.onResolve({ filter: /^#testing$/ }, () =>
        virtual(
          'testing',
          testing && area !== 'structured-clone' && area !== 'base64' ? "export { panicForTesting } from '#glue';" : 'export {};',
        ),
      );
      build.onResolve({ filter: /^#query-encoder$/ }, () => ({ path: join(js, 'query-encoder.js') }));
      // The public-suffix part: its file, or in a classic script bundled in.
      build.onResolve({ filter: /^#public-suffix$/ }, () =>
        script ? { path: join(js, 'entries', 'public-suffix.js') } : { path: `./public-suffix${suffix}`, external: true },
      );
      build.onLoad({ filter: /.*/, namespace: 'weft-virtual' }, ({ pluginData }) => ({
        contents: pluginData,
        resolveDir: js,
        loader: 'js',
      }));
      build.onLoad({ filter: /\.js$/ }, ({ path }) => ({ contents: source(path), loader: 'js' }));
    },
  };
}

/**
 * One esbuild bundle: `entry` to `outfile`. The ES modules stay unminified and without keepNames:
 * the app's bundler minifies, and keepNames' `__name(f, "f")` statements would keep every
 * function (and so every unit) in its output; they are readable as they are, each module under a
 * `// js/NAME.js` line. The classic scripts are minified, with keepNames. No file has a source
 * map: the ES modules need none, and the two classic scripts' maps with the sources they name
 * were 1.1 MB of the package (docs/size.md). Returns esbuild's metafile.
 */
export async function bundle({ entry, outfile, flavour, debug, minify, plugins }) {
  const { format, platform } = FLAVOURS[flavour];
  const forBundlers = format === 'esm';
  const keepNames = !forBundlers;
  const { metafile } = await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format,
    platform,
    minify: minify ?? (!debug && !forBundlers),
    // Real function and class names (`atob.name === 'atob'`) in the minified bundles.
    keepNames,
    target: 'es2022',
    external: ['node:*'],
    plugins,
    legalComments: 'none',
    logOverride: {
      // js/polyfill.js's table names every area's implementation, and js/encoding.js a function
      // of the url-less encoding unit: a bundle has only its own.
      'import-is-undefined': 'silent',
    },
    logLevel: 'warning',
    metafile: true,
  });
  if (keepNames) keepNamesSafely(outfile);
  return metafile;
}

/**
 * Two changes to a bundle with keepNames. (1) keepNames' `__name` helper runs for every nested
 * function each time one is created, with a descriptor that inherits from Object.prototype (a
 * page's `Object.prototype.get`, or a getter at `.set`, makes it throw): it gets a null
 * prototype. (2) keepNames names a class in a static block of its own
 * (`static{__name(this,"URL")}`), which React Native's Babel preset refuses: it becomes a
 * static private field's initializer, which runs at the same moment with the same `this`
 * (esbuild's own lowering of static blocks would lower the class's private fields too).
 */
function keepNamesSafely(file) {
  const text = readFileSync(file, 'utf8')
    .replace(
      /\([\w$]+,"name",\{(?=value:[\w$]+,configurable:!0\})|__defProp\(target, "name", \{ (?=value, configurable: true \}\))/,
      (helper) => `${helper}${helper.endsWith('{ ') ? '__proto__: null, ' : '__proto__:null,'}`,
    )
    // (On one line: the minified bundles'. A debug build's spread over lines are left as they are.)
    .replace(/static[ \t]*\{[ \t]*([\w$]+)\(this, ?("[^"]*")\);?[ \t]*\}/g, 'static #weftName=$1(this,$2);');
  writeFileSync(file, text);
}
