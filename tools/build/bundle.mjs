// esbuild, wired for the package: the flavours, the build-only specifiers (js/README.md lists
// them) and the source maps' clean-up.
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
 * shared modules from files beside them; script flavours (classic-script polyfills) are one file.
 *  - node: Node and Bun (`require`; `import` through NAME.mjs), the .wasm read beside the bundle;
 *  - inline: browsers, bundlers, Deno: the wasm inline (UNIT-wasm.js), compiled on first use;
 *  - workerd: Workers and edge runtimes: the .wasm imported as a compiled module;
 *  - no-wasm: hosts that cannot run WebAssembly: each unit translated to JavaScript (UNIT-asm.js);
 *  - polyfill, polyfill-no-wasm: the classic scripts, with the wasm or the translation inside;
 *  - polyfill-workerd: the polyfill as a module over the workerd files.
 */
export const FLAVOURS = {
  node: { target: 'wasm', format: 'cjs', platform: 'node', suffix: '.cjs', instance: 'node' },
  inline: { target: 'wasm', format: 'esm', platform: 'neutral', suffix: '.js', instance: 'inline' },
  workerd: { target: 'wasm', format: 'esm', platform: 'neutral', suffix: '.workerd.js', instance: 'workerd' },
  'no-wasm': { target: 'js', format: 'esm', platform: 'neutral', suffix: '.no-wasm.js', instance: 'no-wasm' },
  polyfill: { target: 'wasm', format: 'iife', platform: 'browser', suffix: '.polyfill.js', instance: 'polyfill', script: true },
  'polyfill-no-wasm': {
    target: 'js',
    format: 'iife',
    platform: 'browser',
    suffix: '.no-wasm.polyfill.js',
    instance: 'polyfill-no-wasm',
    script: true,
  },
  'polyfill-workerd': {
    target: 'wasm',
    format: 'esm',
    platform: 'neutral',
    suffix: '.workerd.polyfill.js',
    instance: 'workerd',
    modules: 'workerd',
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

/** The namespaces of parts bundled into another area's script, each over its own unit. */
const PARTS = ['encoding', 'public-suffix'];

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
  const { target, instance, script, format } = FLAVOURS[flavour];
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
      sourceMaps: 'inline',
      plugins: [require.resolve('@babel/plugin-transform-class-static-block')],
    }).code;
  };
  return {
    name: 'weft-wiring',
    setup(build) {
      build.onResolve({ filter: /^#glue$/ }, ({ namespace }) => ({
        path: join(glueDir(PARTS.includes(namespace) ? namespace : areaUnit, target), 'glue.js'),
      }));
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
        modules && format === 'esm' ? { path: `./${SHARED['inflate.js']}.js`, external: true } : { path: join(js, 'inflate.js') },
      );
      // (Node's files each carry their own copies, as before the ES modules shared them.)
      if (modules && format === 'esm') {
        build.onResolve({ filter: SHARED_FILTER }, ({ path, resolveDir, kind }) => {
          const shared = SHARED[relative(js, resolve(resolveDir, path))];
          return shared && kind !== 'entry-point' ? { path: `./${shared}.js`, external: true } : undefined;
        });
      }
      build.onResolve({ filter: /^#html$/ }, () =>
        virtual(
          'html',
          flavour === 'node'
            ? `import * as area from '#area/html';
export const html = Object.freeze(Object.fromEntries(Object.keys(area).filter((key) => key !== 'default').sort().map((key) => [key, area[key]])));`
            : "export * as html from '#area/html';",
        ),
      );
      build.onResolve({ filter: /^#area\// }, ({ path }) => {
        const name = path.slice('#area/'.length);
        // polyfill.js is one script: another area is bundled in, over the same full unit.
        if (area === 'full') return { path: join(js, 'entries', `${name}.js`) };
        if (script && !modules) return { path: join(js, `${name}.js`), namespace: name };
        // An area with no unit has one ES module for every flavour.
        const file = units[name] === null && format === 'esm' ? '.js' : suffix;
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
            `export const compilesWasm = ${['node', 'inline', 'polyfill'].includes(instance)};`,
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
      // The public-suffix part: its file, or in a script bundled in, in its namespace, with its
      // own copies of the modules that use `#glue`.
      build.onResolve({ filter: /^#public-suffix$/ }, () => {
        if (area === 'full') return { path: join(js, 'entries', 'public-suffix.js') };
        if (script && !modules) return { path: join(js, 'public-suffix.js'), namespace: 'public-suffix' };
        return { path: `./public-suffix${suffix}`, external: true };
      });
      // In a part's namespace, the modules that hold a unit's state are the part's own copies;
      // the rest are the script's one copy.
      build.onResolve({ filter: /^\.\.?\/(encoding|public-suffix|io|runtime)\.js$/ }, ({ path, importer, namespace }) =>
        PARTS.includes(namespace) ? { path: join(dirname(importer), path), namespace } : undefined,
      );
      build.onResolve({ filter: /^\.\.?\// }, ({ path, importer, namespace }) =>
        PARTS.includes(namespace) ? { path: join(dirname(importer), path) } : undefined,
      );
      for (const namespace of PARTS) {
        build.onLoad({ filter: /.*/, namespace }, ({ path }) => ({
          contents: source(path),
          resolveDir: dirname(path),
          loader: 'js',
        }));
      }
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
 * One esbuild bundle: `entry` to `outfile`. The modules for bundlers (module flavours but node)
 * stay unminified and without keepNames: the app's bundler minifies, and keepNames'
 * `__name(f, "f")` statements would keep every function (and so every unit) in its output.
 * Those are readable as they are, each module under a `// js/NAME.js` line: only the minified
 * bundles (.cjs, the classic scripts) have source maps, which keeps the package's size down
 * (the maps of the ES modules were ~1 MB). Returns esbuild's metafile.
 */
export async function bundle({ entry, outfile, flavour, debug, minify, plugins, sourcemap }) {
  const { format, platform } = FLAVOURS[flavour];
  const forBundlers = format === 'esm';
  sourcemap ??= !forBundlers;
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
    sourcemap,
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
  if (sourcemap) postProcess(outfile);
  return metafile;
}

/** The sources the maps name, to ship once in pkg/src/: their path there, by their path here. */
export const shippedSources = new Map();

/**
 * Three changes to a bundle and its source map. (1) keepNames' `__name` helper runs for every
 * nested function each time one is created, with a descriptor that inherits from
 * Object.prototype (a page's `Object.prototype.get`, or a getter at `.set`, makes it throw):
 * it gets a null prototype. (2) keepNames names a class in a static block of its own
 * (`static{__name(this,"URL")}`), which React Native's Babel preset refuses: it becomes a
 * static private field's initializer, which runs at the same moment with the same `this`
 * (esbuild's own lowering of static blocks would lower the class's private fields too). The
 * map's columns after each change move with it. (3) The map names its sources as files the
 * package ships once, in src/ (js/ and each unit's glue), instead of carrying their text: dozens
 * of maps would otherwise each hold a copy of the same modules. Generated modules keep their
 * text, but for the inline wasm and the translated units, which no reader wants.
 */
function postProcess(file) {
  let text = readFileSync(file, 'utf8');
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
  const lines = map.mappings.split(';');
  const edits = [];
  const helper =
    /\([\w$]+,"name",\{(?=value:[\w$]+,configurable:!0\})|__defProp\(target, "name", \{ (?=value, configurable: true \}\))/.exec(
      text,
    );
  if (helper) {
    const at = helper.index + helper[0].length;
    edits.push({ at, length: 0, replacement: helper[0].endsWith('{ ') ? '__proto__: null, ' : '__proto__:null,' });
  }
  // (On one line: the minified bundles'. A debug build's spread over lines are left as they are.)
  for (const match of text.matchAll(/static[ \t]*\{[ \t]*([\w$]+)\(this, ?("[^"]*")\);?[ \t]*\}/g)) {
    edits.push({ at: match.index, length: match[0].length, replacement: `static #weftName=${match[1]}(this,${match[2]});` });
  }
  // (From the end, so that each edit's position is still the original text's.)
  for (const { at, length, replacement } of edits.sort((a, b) => b.at - a.at)) {
    const line = text.slice(0, at).split('\n').length - 1;
    const column = at - (text.lastIndexOf('\n', at - 1) + 1);
    text = text.slice(0, at) + replacement + text.slice(at + length);
    lines[line] = shiftColumns(lines[line], column + length, replacement.length - length);
  }
  if (edits.length) writeFileSync(file, text);
  map.mappings = lines.join(';');
  // A translated unit is machine-made: its text and its mappings go.
  const translated = map.sources.flatMap((source, i) => (/(^|\/)asm\.js$/.test(source) ? [i] : []));
  if (translated.length) map.mappings = withoutSources(map.mappings, new Set(translated));
  map.sources = map.sources.map((source, i) => {
    // A module the plugins made (`namespace:name`).
    if (/^[\w-]+:/.test(source)) {
      if (source.startsWith('weft-virtual:wasm-instance:')) map.sourcesContent[i] = null;
      return source;
    }
    const path = resolve(dirname(file), source);
    if (translated.includes(i)) {
      map.sourcesContent[i] = null;
      return `translated:${basename(dirname(path))}`;
    }
    const shipped = relative(root, path).startsWith('js/')
      ? join('src', relative(root, path))
      : join('src', 'glue', `${basename(dirname(path))}.js`);
    shippedSources.set(path, shipped);
    map.sourcesContent[i] = null;
    return relative(dirname(file), join(dirname(file), shipped));
  });
  writeFileSync(`${file}.map`, JSON.stringify(map));
}

/** Source-map `mappings` without the segments that point into the sources `dropped`. */
function withoutSources(mappings, dropped) {
  // Every field but the generated column is a delta from the previous segment of the whole map.
  const previous = [0, 0, 0, 0];
  const written = [0, 0, 0, 0];
  return mappings
    .split(';')
    .map((line) => {
      let column = 0;
      let writtenColumn = 0;
      const kept = [];
      for (const segment of line ? line.split(',') : []) {
        const fields = decodeVlq(segment);
        column += fields[0];
        if (fields.length === 1) {
          kept.push(encodeVlq(column - writtenColumn));
          writtenColumn = column;
          continue;
        }
        const absolute = fields.slice(1).map((delta, i) => (previous[i] += delta));
        if (dropped.has(absolute[0])) continue;
        kept.push([column - writtenColumn, ...absolute.map((value, i) => value - written[i])].map(encodeVlq).join(''));
        absolute.forEach((value, i) => (written[i] = value));
        writtenColumn = column;
      }
      return kept.join(',');
    })
    .join(';');
}

const VLQ = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * One line of source-map mappings with every segment at or after generated column `from`
 * moved right by `by`. Columns are deltas within a line, so only the first such segment changes.
 */
function shiftColumns(line, from, by) {
  const segments = line.split(',');
  let column = 0;
  for (let i = 0; i < segments.length; i++) {
    const fields = decodeVlq(segments[i]);
    column += fields[0];
    if (column >= from) {
      fields[0] += by;
      segments[i] = fields.map(encodeVlq).join('');
      break;
    }
  }
  return segments.join(',');
}

function decodeVlq(segment) {
  const values = [];
  for (let i = 0, value = 0, shift = 0; i < segment.length; i++) {
    const digit = VLQ.indexOf(segment[i]);
    value += (digit & 31) << shift;
    shift += 5;
    if (!(digit & 32)) {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

function encodeVlq(value) {
  let rest = value < 0 ? (-value << 1) | 1 : value << 1;
  let out = '';
  do {
    const digit = rest & 31;
    rest >>>= 5;
    out += VLQ[rest > 0 ? digit | 32 : digit];
  } while (rest > 0);
  return out;
}
