// Microsyntaxes panel: pick one of HTML's parsing algorithms, type a value, see what it parses
// to (as JSON, or "error"), whether the string is valid where the spec defines validity, and the
// value's normalized serialization where one exists, each algorithm linked to its HTML section,
// compared with the browser wherever it exposes the same algorithm.
import { renderComparison } from '../compare.js';

// [label, parser, validity check, serializer, example input, the HTML section and algorithm it
// implements, that algorithm's anchor (in common-microsyntaxes.html unless it names its page),
// and a note where the current standard differs]
const ALGORITHMS = {
  Numbers: [
    [
      'Integer',
      'parseInteger',
      'isValidInteger',
      null,
      '  -42px',
      'Signed integers',
      'rules for parsing integers',
      'rules-for-parsing-integers',
    ],
    [
      'Non-negative integer',
      'parseNonNegativeInteger',
      'isValidNonNegativeInteger',
      null,
      '007',
      'Non-negative integers',
      'rules for parsing non-negative integers',
      'rules-for-parsing-non-negative-integers',
    ],
    [
      'Floating-point number',
      'parseFloatingPoint',
      'isValidFloatingPoint',
      'serializeFloatingPoint',
      '1.5e2',
      'Floating-point numbers',
      'rules for parsing floating-point number values',
      'rules-for-parsing-floating-point-number-values',
    ],
    [
      'Dimension value',
      'parseDimension',
      null,
      null,
      '50.5%',
      'Percentages and lengths',
      'rules for parsing dimension values',
      'rules-for-parsing-dimension-values',
    ],
    [
      'Nonzero dimension value',
      'parseNonZeroDimension',
      null,
      null,
      '0%',
      'Nonzero percentages and lengths',
      'rules for parsing nonzero dimension values',
      'rules-for-parsing-non-zero-dimension-values',
    ],
    [
      'List of floating-point numbers',
      'parseFloatList',
      'isValidFloatList',
      null,
      '1,2.5;x,-3e2',
      'Lists of floating-point numbers',
      'rules for parsing a list of floating-point numbers',
      'rules-for-parsing-a-list-of-floating-point-numbers',
    ],
    [
      'List of dimensions',
      'parseDimensionList',
      null,
      null,
      '1*,50%,100',
      'Lists of dimensions',
      'rules for parsing a list of dimensions',
      'rules-for-parsing-a-list-of-dimensions',
    ],
  ],
  'Dates and times': [
    [
      'Month',
      'parseMonth',
      'isValidMonth',
      'serializeMonth',
      '2005-02',
      'Months',
      'parse a month string',
      'parse-a-month-string',
    ],
    ['Date', 'parseDate', 'isValidDate', 'serializeDate', '2016-02-29', 'Dates', 'parse a date string', 'parse-a-date-string'],
    [
      'Yearless date',
      'parseYearlessDate',
      'isValidYearlessDate',
      'serializeYearlessDate',
      '--02-29',
      'Yearless dates',
      'parse a yearless date string',
      'parse-a-yearless-date-string',
    ],
    ['Time', 'parseTime', 'isValidTime', 'serializeTime', '19:45:30.500', 'Times', 'parse a time string', 'parse-a-time-string'],
    [
      'Local date and time',
      'parseLocalDateTime',
      'isValidLocalDateTime',
      'serializeLocalDateTime',
      '2016-02-29 19:45',
      'Local dates and times',
      'parse a local date and time string',
      'parse-a-local-date-and-time-string',
    ],
    [
      'Time-zone offset',
      'parseTimeZoneOffset',
      'isValidTimeZoneOffset',
      'serializeTimeZoneOffset',
      '-0530',
      'Time zones',
      'parse a time-zone offset string',
      'parse-a-time-zone-offset-string',
    ],
    [
      'Global date and time',
      'parseGlobalDateTime',
      'isValidGlobalDateTime',
      'serializeGlobalDateTime',
      '1979-10-14T12:00:00.001-04:00',
      'Global dates and times',
      'parse a global date and time string',
      'parse-a-global-date-and-time-string',
    ],
    ['Week', 'parseWeek', 'isValidWeek', 'serializeWeek', '2026-W53', 'Weeks', 'parse a week string', 'parse-a-week-string'],
    [
      'Duration',
      'parseDuration',
      'isValidDuration',
      'serializeDuration',
      '4h 18m 3s',
      'Durations',
      'parse a duration string',
      'parse-a-duration-string',
    ],
    [
      'Date or time',
      'parseDateOrTime',
      'isValidDateWithOptionalTime',
      null,
      '2000-01-01T12:00+01:00',
      'Vaguer moments in time',
      'parse a date or time string',
      'parse-a-date-or-time-string',
    ],
  ],
  Colors: [
    // The standard dropped simple colors in 2024 (whatwg/html#10456, <input type=color> takes CSS
    // colors now): the link goes to the Colors section, the note says so.
    [
      'Simple color',
      'parseSimpleColor',
      'isValidSimpleColor',
      'serializeSimpleColor',
      '#FFaa00',
      'Colors',
      'rules for parsing simple color values',
      'colours',
      'The current standard no longer defines simple colors (whatwg/html#10456 gave <input type=color> CSS colors); webweft implements the earlier text.',
    ],
    [
      'Legacy color value',
      'parseLegacyColor',
      null,
      'serializeSimpleColor',
      'chucknorris',
      'Colors',
      'rules for parsing a legacy color value',
      'rules-for-parsing-a-legacy-colour-value',
    ],
  ],
  'Tokens and references': [
    [
      'Space-separated tokens',
      'splitOnAsciiWhitespace',
      null,
      null,
      '  a\tb  c ',
      'Space-separated tokens',
      'split a string on ASCII whitespace',
      'space-separated-tokens',
    ],
    [
      'Comma-separated tokens',
      'splitOnCommas',
      null,
      null,
      'a ,b,,d d',
      'Comma-separated tokens',
      'split a string on commas',
      'comma-separated-tokens',
    ],
    [
      'Hash-name reference',
      'parseHashNameReference',
      null,
      null,
      '#map',
      'References',
      'rules for parsing a hash-name reference',
      'rules-for-parsing-a-hash-name-reference',
    ],
    [
      'Meta charset',
      'extractMetaCharset',
      null,
      null,
      'text/html; charset="utf-8"',
      'Extracting character encodings from meta elements',
      'algorithm for extracting a character encoding from a meta element',
      'urls-and-fetching.html#algorithm-for-extracting-a-character-encoding-from-a-meta-element',
    ],
  ],
};
const HTML_SPEC = 'https://html.spec.whatwg.org/multipage/';

const template = `
  <style>
    #panel-html .swatch { display: inline-block; width: 1em; height: 1em; margin-right: 8px;
      vertical-align: -2px; border: 1px solid var(--line); border-radius: 3px; }
    #panel-html .probe { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); color: rgba(1, 2, 3, 0.5); }
  </style>
  <div class="row">
    <div>
      <label for="ms-algorithm">Algorithm</label>
      <select id="ms-algorithm"></select>
      <p class="spec" id="ms-spec"></p>
      <label for="ms-input">Input</label>
      <input id="ms-input" spellcheck="false" autocomplete="off">
      <p class="hint" id="ms-about"></p>
    </div>
    <div>
      <label id="ms-result-label">Parsed value</label>
      <div id="ms-result" class="output" role="status" aria-labelledby="ms-result-label"></div>
      <div id="ms-validity-row">
        <label id="ms-validity-label">Valid string?</label>
        <div id="ms-validity" class="output" aria-labelledby="ms-validity-label"></div>
      </div>
      <div id="ms-serialized-row">
        <label id="ms-serialized-label">Serialization</label>
        <div id="ms-serialized" class="output" aria-labelledby="ms-serialized-label"></div>
      </div>
    </div>
  </div>
  <div id="ms-compare"></div>
  <div class="probe" aria-hidden="true"><font id="ms-font-probe">x</font></div>`;

/** JSON, with the numbers JSON cannot write (Infinity) written out. */
function toJson(value) {
  return JSON.stringify(value, (_, v) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v), 2);
}

// Where the browser exposes one of these algorithms: an <input type=…>'s value sanitization
// keeps a valid string (normalizing a local date and time), and drops anything else. (Not
// <input type=color>: the current standard sanitizes its value as any CSS color.)
const INPUT_TYPES = {
  parseFloatingPoint: 'number',
  parseMonth: 'month',
  parseDate: 'date',
  parseTime: 'time',
  parseLocalDateTime: 'datetime-local',
  parseWeek: 'week',
};

export default {
  id: 'html',
  title: 'Microsyntaxes',
  mount(root, weft, { browserName, initial, changed }) {
    const { html } = weft;
    root.innerHTML = template;
    const select = root.querySelector('#ms-algorithm');
    const input = root.querySelector('#ms-input');
    const about = root.querySelector('#ms-about');
    const spec = root.querySelector('#ms-spec');
    const result = root.querySelector('#ms-result');
    const validity = root.querySelector('#ms-validity');
    const serialized = root.querySelector('#ms-serialized');
    const fontProbe = root.querySelector('#ms-font-probe');
    const byParser = new Map();
    for (const [group, algorithms] of Object.entries(ALGORITHMS)) {
      const optgroup = document.createElement('optgroup');
      optgroup.label = group;
      for (const [label, parser, check, serializer, example, section, algorithm, anchor, note] of algorithms) {
        byParser.set(parser, { label, check, serializer, example, section, algorithm, anchor, note });
        optgroup.append(new Option(label, parser));
      }
      select.append(optgroup);
    }

    /** The comparison rows for this algorithm, or null where the browser exposes none. */
    function nativeRows(parser, value, parsed) {
      const type = INPUT_TYPES[parser];
      if (type) {
        const element = document.createElement('input');
        element.type = type;
        element.value = value;
        const { check, serializer } = byParser.get(parser);
        const valid = html[check](value);
        const rows = [
          { field: 'valid', ours: valid ? 'yes' : 'no', native: element.value !== '' || value === '' ? 'yes' : 'no' },
        ];
        if (type === 'datetime-local') {
          const normalized = valid ? html[serializer](parsed) : '';
          rows.push({ field: 'normalized', ours: normalized, native: element.value });
        }
        return {
          api: `<input type=${type}>`,
          call: `input.type = "${type}"; input.value = value; input.value`,
          note: `Value sanitization keeps a valid ${type} string${type === 'datetime-local' ? ' (normalized)' : ''} and empties anything else.`,
          rows,
        };
      }
      if (parser === 'parseLegacyColor') {
        // An ignored color attribute leaves the probe's parent color, which no legacy color can be.
        fontProbe.setAttribute('color', value);
        const computed = getComputedStyle(fontProbe).color;
        const native = computed === 'rgba(1, 2, 3, 0.5)' ? 'error (attribute ignored)' : computed;
        const ours = parsed ? `rgb(${parsed.red}, ${parsed.green}, ${parsed.blue})` : 'error (attribute ignored)';
        return {
          api: '<font color>',
          call: 'font.setAttribute("color", value); getComputedStyle(font).color',
          rows: [{ field: 'color', ours, native }],
        };
      }
      return null;
    }

    const update = () => {
      const parser = select.value;
      const { check, serializer, section, algorithm, anchor, note } = byParser.get(parser);
      about.textContent = `html.${parser}(input)${check ? `, html.${check}(input)` : ''}${serializer ? `, html.${serializer}(value)` : ''}`;
      const href = `${HTML_SPEC}${anchor.includes('#') ? anchor : `common-microsyntaxes.html#${anchor}`}`;
      spec.innerHTML = 'Implements HTML § <a target="_blank" rel="noopener"></a> — <i></i>';
      spec.querySelector('a').href = href;
      spec.querySelector('a').textContent = section;
      spec.querySelector('i').textContent = algorithm;
      if (note) spec.append(document.createElement('br'), note);
      const value = html[parser](input.value);
      const failed = value === null;
      result.textContent = failed ? 'error — the algorithm returns failure (null)' : toJson(value);
      result.classList.toggle('error', failed);
      validity.parentElement.hidden = !check;
      if (check) {
        const valid = html[check](input.value);
        validity.textContent = valid ? 'yes' : 'no';
        validity.classList.toggle('error', !valid);
      }
      serialized.parentElement.hidden = !serializer;
      if (serializer) {
        const text = failed ? null : html[serializer](value);
        serialized.textContent = text === null ? '—' : text;
        if (text !== null && serializer === 'serializeSimpleColor') {
          const swatch = document.createElement('span');
          swatch.className = 'swatch';
          swatch.style.background = text;
          serialized.prepend(swatch);
        }
      }
      const compareRoot = root.querySelector('#ms-compare');
      const native = nativeRows(parser, input.value, value);
      if (native) {
        renderComparison(compareRoot, {
          ...native,
          oursCall: `html.${parser}(value)`,
          verdict: (diffs) =>
            `The HTML Standard (its ${algorithm}) requires webweft's result for ${diffs.join(', ')}; ${browserName} differs.`,
        });
      } else {
        compareRoot.replaceChildren();
        compareRoot.classList.add('compare');
        const line = document.createElement('p');
        line.className = 'hint';
        line.id = 'ms-no-native';
        line.textContent = `${browserName} exposes no API that runs the ${algorithm} on its own, so there is nothing native to compare with.`;
        compareRoot.append(line);
      }
      changed();
    };
    select.addEventListener('change', () => {
      input.value = byParser.get(select.value).example;
      update();
    });
    input.addEventListener('input', update);
    select.value = byParser.has(initial.get('algorithm')) ? initial.get('algorithm') : 'parseDate';
    input.value = initial.get('input') ?? byParser.get(select.value).example;
    update();
    return {
      state: () => [
        ['algorithm', select.value],
        ['input', input.value],
      ],
    };
  },
};
