// URLPattern panel: a pattern (a constructor string, or one field per component) and an input
// URL through webweft's URLPattern: the pattern's normalized components, test() and exec()'s
// groups per component, compared with this browser's own URLPattern where it has one.
import { errorName, renderComparison } from '../compare.js';

const SPEC = 'https://urlpattern.spec.whatwg.org/';
const COMPONENTS = ['protocol', 'username', 'password', 'hostname', 'port', 'pathname', 'search', 'hash'];
const EXAMPLES = [
  {
    name: 'books',
    pattern: 'https://*.example.com/books/:id(\\d+)',
    input: 'https://shop.example.com/books/123?q=1',
  },
  {
    name: 'optional and repeated',
    pattern: '/blog{/:year(\\d+)}?/:slug+',
    input: '/blog/2024/a/b',
    base: 'https://example.com',
    inputBase: 'https://example.com',
  },
  { name: 'ignoreCase', pattern: 'https://example.com/Docs/*', input: 'https://example.com/docs/A/b', ignoreCase: true },
  { name: 'relative input', pattern: 'https://example.com/:file.:ext', input: '../x.png', inputBase: 'https://example.com/a/b' },
  { name: 'invalid', pattern: 'https://example.com/(', input: 'https://example.com/' },
];
const DEFAULTS = EXAMPLES[0];

const template = `
  <style>
    #panel-urlpattern .components { display: grid; grid-template-columns: 7.5em minmax(0, 1fr); gap: 4px 8px; align-items: center; }
    #panel-urlpattern .components label { margin: 0; font-weight: 600; }
    #panel-urlpattern table.matches { width: 100%; border-collapse: collapse; table-layout: fixed; background: #fff; font-size: 13px; }
    #panel-urlpattern table.matches th, #panel-urlpattern table.matches td { border: 1px solid var(--line); padding: 3px 6px;
      text-align: left; vertical-align: top; word-break: break-all; }
    #panel-urlpattern table.matches td { font-family: var(--mono); white-space: pre-wrap; }
    #panel-urlpattern table.matches th { word-break: normal; overflow-wrap: normal; }
    #panel-urlpattern table.matches thead th:first-child { width: 7em; }
    #panel-urlpattern .verdict-line { font: 600 15px var(--sans); margin: 6px 0; }
    #panel-urlpattern .verdict-line.yes { color: #1e6b35; }
    #panel-urlpattern .verdict-line.no { color: var(--bad); }
    @media (max-width: 420px) {
      #panel-urlpattern .components { grid-template-columns: 6em minmax(0, 1fr); }
      #panel-urlpattern table.matches { font-size: 12px; }
      #panel-urlpattern table.matches thead th:first-child { width: 6.4em; }
    }
  </style>
  <div class="row">
    <div>
      <label for="up-mode">Pattern as</label>
      <select id="up-mode">
        <option value="string">a constructor string</option>
        <option value="components">one field per component (a URLPatternInit)</option>
      </select>
      <div id="up-string-fields">
        <label for="up-pattern">Pattern</label>
        <input id="up-pattern" spellcheck="false" autocomplete="off">
      </div>
      <div id="up-component-fields" hidden>
        <p class="hint">An empty field is left out of the dictionary: that component matches anything.</p>
        <div class="components">${COMPONENTS.map(
          (name) =>
            `<label for="up-init-${name}">${name}</label><input id="up-init-${name}" spellcheck="false" autocomplete="off">`,
        ).join('')}</div>
      </div>
      <label for="up-base">Pattern's base URL <span class="hint">(optional)</span></label>
      <input id="up-base" spellcheck="false" autocomplete="off" placeholder="none">
      <label class="check"><input type="checkbox" id="up-ignore-case"> ignoreCase</label>
      <label for="up-input">Input URL</label>
      <input id="up-input" spellcheck="false" autocomplete="off">
      <label for="up-input-base">Input's base URL <span class="hint">(optional)</span></label>
      <input id="up-input-base" spellcheck="false" autocomplete="off" placeholder="none">
      <div class="examples" id="up-examples"><span class="hint">Examples:</span></div>
    </div>
    <div>
      <label>Result</label>
      <div id="up-error" class="error" role="status"></div>
      <p id="up-test" class="verdict-line" role="status"></p>
      <table class="matches" id="up-matches">
        <thead><tr><th scope="col">part</th><th scope="col">pattern</th><th scope="col">input → groups</th></tr></thead>
        <tbody></tbody>
      </table>
      <p class="hint" id="up-regexp"></p>
      <p class="hint"><a href="${SPEC}">URL Pattern</a>: each component is matched on its own, after the input is parsed
        and canonicalized as URL does. Groups: <code>:name</code>, <code>*</code> (numbered), <code>(regexp)</code>.</p>
    </div>
  </div>
  <div id="up-compare"></div>`;

/** A groups record as `name: "value"` lines (undefined for a group that did not participate). */
const groupsText = (groups) =>
  Object.entries(groups)
    .map(([name, value]) => `${name}: ${value === undefined ? 'undefined' : JSON.stringify(value)}`)
    .join('\n');

/** One component's match as a single line/cell: its input, then its groups. */
const matchText = (component) => {
  const groups = groupsText(component.groups);
  return groups ? `${JSON.stringify(component.input)}\n${groups}` : JSON.stringify(component.input);
};

export default {
  id: 'urlpattern',
  title: 'URLPattern',
  mount(root, weft, { natives, browserName, initial, changed }) {
    root.innerHTML = template;
    const $ = (selector) => root.querySelector(selector);
    const [mode, pattern, base, ignoreCase, input, inputBase] = [
      '#up-mode',
      '#up-pattern',
      '#up-base',
      '#up-ignore-case',
      '#up-input',
      '#up-input-base',
    ].map($);
    const fields = Object.fromEntries(COMPONENTS.map((name) => [name, $(`#up-init-${name}`)]));
    mode.value = initial.get('mode') === 'components' ? 'components' : 'string';
    pattern.value = initial.get('pattern') ?? DEFAULTS.pattern;
    // A shared link in components mode holds every non-empty field; otherwise one example field.
    const sharedInit = mode.value === 'components';
    for (const name of COMPONENTS) {
      fields[name].value = initial.get(name) ?? (!sharedInit && name === 'pathname' ? '/books/:id' : '');
    }
    base.value = initial.get('base') ?? '';
    ignoreCase.checked = initial.get('ignoreCase') === '1';
    input.value = initial.get('input') ?? DEFAULTS.input;
    inputBase.value = initial.get('inputBase') ?? '';

    /** The constructor's and test/exec's arguments, the same for both implementations. */
    function args() {
      const options = { ignoreCase: ignoreCase.checked };
      let patternArgs;
      if (mode.value === 'string') {
        patternArgs = base.value ? [pattern.value, base.value, options] : [pattern.value, options];
      } else {
        const init = {};
        for (const name of COMPONENTS) if (fields[name].value !== '') init[name] = fields[name].value;
        if (base.value) init.baseURL = base.value;
        patternArgs = [init, options];
      }
      return { patternArgs, inputArgs: inputBase.value ? [input.value, inputBase.value] : [input.value] };
    }

    /** What the comparison reads of one implementation: every field as a string. */
    function outcome(make, inputArgs) {
      let pattern;
      try {
        pattern = make();
      } catch (error) {
        return { constructor: errorName(error) };
      }
      const result = { constructor: 'a URLPattern' };
      for (const name of COMPONENTS) result[`pattern ${name}`] = pattern[name];
      result.hasRegExpGroups = String(pattern.hasRegExpGroups);
      const attempt = (fn) => {
        try {
          return fn();
        } catch (error) {
          return { error };
        }
      };
      const test = attempt(() => pattern.test(...inputArgs));
      result['test()'] = test?.error ? errorName(test.error) : String(test);
      const exec = attempt(() => pattern.exec(...inputArgs));
      if (exec?.error || exec === null) result['exec()'] = exec === null ? 'null' : errorName(exec.error);
      else for (const name of COMPONENTS) result[`exec ${name}`] = matchText(exec[name]);
      return result;
    }

    function show(patternArgs, inputArgs) {
      const error = $('#up-error');
      const verdict = $('#up-test');
      const body = $('#up-matches').tBodies[0];
      body.replaceChildren();
      error.textContent = '';
      let ours;
      try {
        ours = new weft.URLPattern(...patternArgs);
      } catch (e) {
        error.textContent = `${e.name}: ${e.message}`;
        verdict.textContent = '';
        verdict.className = 'verdict-line';
        $('#up-matches').hidden = true;
        $('#up-regexp').textContent = '';
        return;
      }
      $('#up-matches').hidden = false;
      let exec = null;
      try {
        const matched = ours.test(...inputArgs);
        exec = ours.exec(...inputArgs);
        verdict.textContent = matched ? 'test(): true — the input matches' : 'test(): false — no match';
        verdict.className = `verdict-line ${matched ? 'yes' : 'no'}`;
      } catch (e) {
        error.textContent = `${e.name}: ${e.message}`;
        verdict.textContent = '';
      }
      for (const name of COMPONENTS) {
        const row = body.insertRow();
        row.dataset.component = name;
        const th = document.createElement('th');
        th.scope = 'row';
        th.textContent = name;
        row.append(th);
        row.insertCell().textContent = ours[name];
        row.insertCell().textContent = exec ? matchText(exec[name]) : '—';
      }
      $('#up-regexp').textContent = ours.hasRegExpGroups
        ? 'hasRegExpGroups: true — a custom regexp group runs on the ECMAScript engine (backtracking, no time bound).'
        : 'hasRegExpGroups: false — webweft matches every component in time linear in the input.';
    }

    function compare(patternArgs, inputArgs) {
      const container = $('#up-compare');
      if (!natives.urlPattern) {
        container.replaceChildren();
        const note = document.createElement('p');
        note.className = 'hint';
        note.textContent = `${browserName} has no native URLPattern to compare with.`;
        container.append(note);
        return;
      }
      const ours = outcome(() => new weft.URLPattern(...patternArgs), inputArgs);
      const native = outcome(() => natives.urlPattern(patternArgs), inputArgs);
      const fieldNames = [...new Set([...Object.keys(ours), ...Object.keys(native)])];
      const call = `new URLPattern(${patternArgs.map((arg) => JSON.stringify(arg)).join(', ')}).exec(${inputArgs
        .map((arg) => JSON.stringify(arg))
        .join(', ')})`;
      renderComparison(container, {
        api: 'URLPattern',
        call,
        rows: fieldNames.map((field) => ({ field, ours: ours[field] ?? '(none)', native: native[field] ?? '(none)' })),
        verdict: (diffs) =>
          `The URL Pattern Standard requires webweft's ${diffs.join(', ')}; ${browserName}'s URLPattern differs.`,
      });
    }

    function run() {
      $('#up-string-fields').hidden = mode.value !== 'string';
      $('#up-component-fields').hidden = mode.value === 'string';
      const { patternArgs, inputArgs } = args();
      show(patternArgs, inputArgs);
      compare(patternArgs, inputArgs);
    }

    for (const example of EXAMPLES) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = example.name;
      button.addEventListener('click', () => {
        mode.value = 'string';
        pattern.value = example.pattern;
        base.value = example.base ?? '';
        ignoreCase.checked = example.ignoreCase ?? false;
        input.value = example.input;
        inputBase.value = example.inputBase ?? '';
        run();
        changed();
      });
      $('#up-examples').append(button);
    }
    for (const field of [pattern, base, input, inputBase, ...Object.values(fields)]) {
      field.addEventListener('input', () => (run(), changed()));
    }
    for (const control of [mode, ignoreCase]) control.addEventListener('change', () => (run(), changed()));
    run();
    return {
      state: () => [
        ['mode', mode.value],
        ...(mode.value === 'string'
          ? [['pattern', pattern.value]]
          : COMPONENTS.filter((name) => fields[name].value !== '').map((name) => [name, fields[name].value])),
        ...(base.value ? [['base', base.value]] : []),
        ...(ignoreCase.checked ? [['ignoreCase', '1']] : []),
        ['input', input.value],
        ...(inputBase.value ? [['inputBase', inputBase.value]] : []),
      ],
    };
  },
};
