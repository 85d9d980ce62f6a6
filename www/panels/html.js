// Microsyntaxes panel: pick one of HTML's parsing algorithms, type a value, see what it parses
// to (as JSON, or "error"), whether the string is valid where the spec defines validity, and the
// value's normalized serialization where one exists.

// [label, parser, validity check, serializer, example input]
const ALGORITHMS = {
  Numbers: [
    ['Integer', 'parseInteger', 'isValidInteger', null, '  -42px'],
    ['Non-negative integer', 'parseNonNegativeInteger', 'isValidNonNegativeInteger', null, '007'],
    ['Floating-point number', 'parseFloatingPoint', 'isValidFloatingPoint', 'serializeFloatingPoint', '1.5e2'],
    ['Dimension value', 'parseDimension', null, null, '50.5%'],
    ['Nonzero dimension value', 'parseNonZeroDimension', null, null, '0%'],
    ['List of floating-point numbers', 'parseFloatList', 'isValidFloatList', null, '1,2.5;x,-3e2'],
    ['List of dimensions', 'parseDimensionList', null, null, '1*,50%,100'],
  ],
  'Dates and times': [
    ['Month', 'parseMonth', 'isValidMonth', 'serializeMonth', '2005-02'],
    ['Date', 'parseDate', 'isValidDate', 'serializeDate', '2016-02-29'],
    ['Yearless date', 'parseYearlessDate', 'isValidYearlessDate', 'serializeYearlessDate', '--02-29'],
    ['Time', 'parseTime', 'isValidTime', 'serializeTime', '19:45:30.500'],
    ['Local date and time', 'parseLocalDateTime', 'isValidLocalDateTime', 'serializeLocalDateTime', '2016-02-29 19:45'],
    ['Time-zone offset', 'parseTimeZoneOffset', 'isValidTimeZoneOffset', 'serializeTimeZoneOffset', '-0530'],
    ['Global date and time', 'parseGlobalDateTime', 'isValidGlobalDateTime', 'serializeGlobalDateTime', '1979-10-14T12:00:00.001-04:00'],
    ['Week', 'parseWeek', 'isValidWeek', 'serializeWeek', '2026-W53'],
    ['Duration', 'parseDuration', 'isValidDuration', 'serializeDuration', '4h 18m 3s'],
    ['Date or time', 'parseDateOrTime', 'isValidDateWithOptionalTime', null, '2000-01-01T12:00+01:00'],
  ],
  Colors: [
    ['Simple color', 'parseSimpleColor', 'isValidSimpleColor', 'serializeSimpleColor', '#FFaa00'],
    ['Legacy color value', 'parseLegacyColor', null, 'serializeSimpleColor', 'chucknorris'],
  ],
  'Tokens and references': [
    ['Space-separated tokens', 'splitOnAsciiWhitespace', null, null, '  a\tb  c '],
    ['Comma-separated tokens', 'splitOnCommas', null, null, 'a ,b,,d d'],
    ['Hash-name reference', 'parseHashNameReference', null, null, '#map'],
    ['Meta charset', 'extractMetaCharset', null, null, 'text/html; charset="utf-8"'],
  ],
};

const template = `
  <style>
    #panel-html .swatch { display: inline-block; width: 1em; height: 1em; margin-right: 8px;
      vertical-align: -2px; border: 1px solid var(--line); border-radius: 3px; }
  </style>
  <div class="row">
    <div>
      <label for="ms-algorithm">Algorithm</label>
      <select id="ms-algorithm"></select>
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
  </div>`;

/** JSON, with the numbers JSON cannot write (Infinity) written out. */
function toJson(value) {
  return JSON.stringify(value, (_, v) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v), 2);
}

export default {
  id: 'html',
  title: 'Microsyntaxes',
  mount(root, weft) {
    const { html } = weft;
    root.innerHTML = template;
    const select = root.querySelector('#ms-algorithm');
    const input = root.querySelector('#ms-input');
    const about = root.querySelector('#ms-about');
    const result = root.querySelector('#ms-result');
    const validity = root.querySelector('#ms-validity');
    const serialized = root.querySelector('#ms-serialized');
    const byParser = new Map();
    for (const [group, algorithms] of Object.entries(ALGORITHMS)) {
      const optgroup = document.createElement('optgroup');
      optgroup.label = group;
      for (const [label, parser, check, serializer, example] of algorithms) {
        byParser.set(parser, { label, check, serializer, example });
        optgroup.append(new Option(label, parser));
      }
      select.append(optgroup);
    }

    const update = () => {
      const parser = select.value;
      const { check, serializer } = byParser.get(parser);
      about.textContent = `html.${parser}(input)${check ? `, html.${check}(input)` : ''}${serializer ? `, html.${serializer}(value)` : ''}`;
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
    };
    select.addEventListener('change', () => {
      input.value = byParser.get(select.value).example;
      update();
    });
    input.addEventListener('input', update);
    select.value = 'parseDate';
    input.value = byParser.get('parseDate').example;
    update();
  },
};
