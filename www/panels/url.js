// URL panel: parse a URL (with an optional base) as the URL Standard does, see every component,
// edit them through the URL setters, edit the query as a URLSearchParams table, see the
// validation errors the parser reports (marked in the input, each linked to the standard), and
// compare it all with the browser's own URL.
import { renderComparison } from '../compare.js';

const COMPONENTS = [
  'href',
  'origin',
  'protocol',
  'username',
  'password',
  'host',
  'hostname',
  'port',
  'pathname',
  'search',
  'hash',
];
const SPEC = 'https://url.spec.whatwg.org/';
const EXAMPLE = ' HTTPS://user@BÜCHER.example:443/a/../b c?q=1&lang=en#Frag';

// Each validation error type: its anchor in the URL Standard's table (§1.1 Writing) and what it
// means. The table's rows are <dfn>s whose ids are the lowercased names, except domain-to-ASCII's.
const ERRORS = {
  'domain-to-ASCII': [
    'validation-error-domain-to-ascii',
    "IDNA's strict Unicode ToASCII rejects the host (a code point no domain may contain, an empty or over-long label, a hyphen misplaced, bad Punycode, …), whether or not the parser accepts it.",
  ],
  'domain-percent-encoded': [
    'domain-percent-encoded',
    'The host of a special URL contains a percent-encoded byte, which the parser decodes before processing it as a domain.',
  ],
  'host-invalid-code-point': [
    'host-invalid-code-point',
    'The opaque host of a non-special URL contains a forbidden host code point.',
  ],
  'IPv4-empty-part': ['ipv4-empty-part', 'An IPv4 address ends with a dot.'],
  'IPv4-too-few-parts': ['ipv4-too-few-parts', 'An IPv4 address has fewer than four parts.'],
  'IPv4-too-many-parts': ['ipv4-too-many-parts', 'An IPv4 address has more than four parts.'],
  'IPv4-non-numeric-part': ['ipv4-non-numeric-part', 'A part of an IPv4 address is not a number.'],
  'IPv4-non-decimal-part': [
    'ipv4-non-decimal-part',
    'An IPv4 address part is written in hexadecimal (0x…) or octal (leading 0).',
  ],
  'IPv4-out-of-range-part': ['ipv4-out-of-range-part', 'A part of an IPv4 address is greater than 255.'],
  'IPv4-non-ASCII-input': [
    'ipv4-non-ascii-input',
    'An IPv4 address was written with non-ASCII characters (full-width digits, an ideographic full stop, …) that IDNA turned into one.',
  ],
  'IPv6-unclosed': ['ipv6-unclosed', 'An IPv6 address is missing its closing "]".'],
  'IPv6-invalid-compression': ['ipv6-invalid-compression', 'An IPv6 address starts with a single ":" rather than "::".'],
  'IPv6-too-many-pieces': ['ipv6-too-many-pieces', 'An IPv6 address has more than eight pieces.'],
  'IPv6-multiple-compression': ['ipv6-multiple-compression', 'An IPv6 address uses "::" more than once.'],
  'IPv6-invalid-code-point': [
    'ipv6-invalid-code-point',
    'An IPv6 address contains something other than hex digits and ":", or ends too early.',
  ],
  'IPv6-too-few-pieces': ['ipv6-too-few-pieces', 'An IPv6 address without "::" has fewer than eight pieces.'],
  'IPv6-piece-leading-zero': ['ipv6-piece-leading-zero', 'A piece of an IPv6 address starts with a 0 it does not need.'],
  'IPv4-in-IPv6-too-many-pieces': [
    'ipv4-in-ipv6-too-many-pieces',
    'An IPv6 address ending in IPv4 syntax has more than six pieces before it.',
  ],
  'IPv4-in-IPv6-invalid-code-point': [
    'ipv4-in-ipv6-invalid-code-point',
    'The IPv4 syntax inside an IPv6 address has an empty part, a non-digit, a leading 0 or too many parts.',
  ],
  'IPv4-in-IPv6-out-of-range-part': [
    'ipv4-in-ipv6-out-of-range-part',
    'A part of the IPv4 syntax inside an IPv6 address is greater than 255.',
  ],
  'IPv4-in-IPv6-too-few-parts': [
    'ipv4-in-ipv6-too-few-parts',
    'The IPv4 syntax inside an IPv6 address has fewer than four parts.',
  ],
  'invalid-URL-unit': [
    'invalid-url-unit',
    'A code point that is not a URL unit (a space, a tab, "%" without two hex digits, …) was found; the parser removes or percent-encodes it.',
  ],
  'special-scheme-missing-following-solidus': [
    'special-scheme-missing-following-solidus',
    'A special scheme (http, https, ws, wss, ftp, file) is not followed by "//".',
  ],
  'missing-scheme-non-relative-URL': [
    'missing-scheme-non-relative-url',
    'The input has no scheme and no base URL it could be resolved against.',
  ],
  'invalid-reverse-solidus': ['invalid-reverse-solidus', 'A special URL uses "\\" where "/" belongs.'],
  'invalid-credentials': ['invalid-credentials', 'The URL includes a username or password.'],
  'host-missing': ['host-missing', 'A URL with a special scheme has no host.'],
  'port-out-of-range': ['port-out-of-range', 'The port is greater than 65535.'],
  'port-invalid': ['port-invalid', 'The port contains something other than ASCII digits.'],
  'file-invalid-Windows-drive-letter': [
    'file-invalid-windows-drive-letter',
    'A relative URL starts with a Windows drive letter while the base URL is a file: URL.',
  ],
  'file-invalid-Windows-drive-letter-host': [
    'file-invalid-windows-drive-letter-host',
    "A file: URL's host is a Windows drive letter.",
  ],
};

const template = `
  <style>
    #panel-url .components { display: grid; grid-template-columns: 7.5em minmax(0, 1fr); gap: 4px 8px; align-items: center; }
    #panel-url .components label { margin: 0; font-weight: 600; }
    #panel-url .components input[readonly] { background: var(--bg); color: var(--muted); }
    /* The href wraps over as many lines as it needs: never cut off, however narrow the column. */
    #panel-url #url-href { min-height: 0; resize: none; overflow: hidden; word-break: break-all; field-sizing: content; }
    #panel-url .marked { font: 14px/1.6 var(--mono); white-space: pre-wrap; word-break: break-all;
      background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: 8px; min-height: 2.2em; }
    #panel-url mark { background: #ffd9d6; color: var(--bad); border-bottom: 2px solid var(--bad); border-radius: 2px; }
    #panel-url .end-mark { display: inline-block; width: 0.6em; }
    #panel-url ol.errors { margin: 6px 0 0; padding-left: 1.4em; font-size: 13px; }
    #panel-url ol.errors li { margin-bottom: 4px; }
    #panel-url ol.errors a { color: var(--bad); }
    #panel-url .meaning { display: block; color: var(--muted); }
    #panel-url #url-no-errors { margin: 6px 0 0; }
    #panel-url table.params { width: 100%; border-collapse: collapse; table-layout: fixed; }
    #panel-url table.params td { padding: 2px 4px 2px 0; }
    #panel-url table.params td:last-child { width: 2.5em; }
    #panel-url button { font: inherit; padding: 4px 10px; border: 1px solid var(--line); border-radius: 6px; background: #fff; cursor: pointer; }
    #panel-url dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 2px 12px; margin: 0; font-size: 14px; }
    #panel-url dt { color: var(--muted); }
    #panel-url dd { margin: 0; font-family: var(--mono); word-break: break-all; }
    #panel-url dd .unicode { color: var(--muted); }
    @media (max-width: 420px) {
      #panel-url dl { grid-template-columns: minmax(0, 1fr); }
      #panel-url dd { margin-bottom: 4px; }
      #panel-url .components { grid-template-columns: 6em minmax(0, 1fr); }
    }
  </style>
  <div class="row">
    <div>
      <label for="url-input">URL</label>
      <input id="url-input" spellcheck="false" autocomplete="off">
      <label for="url-base">Base URL (optional)</label>
      <input id="url-base" spellcheck="false" autocomplete="off" placeholder="none">
      <div id="url-status" role="status" class="hint"></div>
      <label id="url-errors-label">Validation errors <a class="hint" href="${SPEC}#validation-error">(what are they?)</a></label>
      <div id="url-marked" class="marked" aria-labelledby="url-errors-label"></div>
      <ol id="url-errors" class="errors"></ol>
      <p id="url-no-errors" class="hint">none</p>
      <label>Host</label>
      <dl id="url-host-info">
        <dt>type</dt><dd id="url-host-type"></dd>
        <dt>Unicode form</dt><dd id="url-host-unicode"></dd>
        <dt>public suffix</dt><dd id="url-public-suffix"></dd>
        <dt>registrable domain</dt><dd id="url-registrable-domain"></dd>
      </dl>
    </div>
    <div>
      <label>Components <span class="hint">(edit one: the URL setter runs)</span></label>
      <div class="components" id="url-components"></div>
      <label>searchParams <span class="hint">(edit the list: the URL's query follows)</span></label>
      <table class="params"><tbody id="url-params"></tbody></table>
      <button id="url-param-add" type="button">Add a pair</button>
    </div>
  </div>
  <div id="url-compare"></div>`;

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

/** The input with each error position marked (a position at the end marks an empty spot). */
function markErrors(input, errors) {
  const byPosition = new Map();
  for (const error of errors) byPosition.set(error.position, [...(byPosition.get(error.position) ?? []), error.type]);
  let html = '';
  let index = 0;
  for (const character of input) {
    const types = byPosition.get(index);
    const shown = escapeHtml(character.replace(/[\t\n\r]/, (c) => ({ '\t': '⇥', '\n': '↵', '\r': '␍' })[c]).replace(/^ $/, '·'));
    html += types ? `<mark title="${types.join(', ')}">${shown}</mark>` : escapeHtml(character);
    index += character.length;
  }
  const atEnd = byPosition.get(index);
  if (atEnd) html += `<mark class="end-mark" title="${atEnd.join(', ')}"> </mark>`;
  return html;
}

/** One error as a list item: the name linking to the standard's entry, then its meaning. */
function errorItem(error) {
  const item = document.createElement('li');
  const [anchor, meaning] = ERRORS[error.type] ?? ['validation-error', ''];
  const link = document.createElement('a');
  link.href = `${SPEC}#${anchor}`;
  link.target = '_blank';
  link.rel = 'noopener';
  link.innerHTML = '<code></code>';
  link.firstChild.textContent = error.type;
  const explanation = document.createElement('span');
  explanation.className = 'meaning';
  explanation.textContent = meaning;
  item.append(link, ` at ${error.inBase ? 'base ' : ''}index ${error.position}`, explanation);
  return item;
}

export default {
  id: 'url',
  title: 'URL',
  mount(root, weft, { natives, browserName, initial, changed }) {
    root.innerHTML = template;
    const $ = (selector) => root.querySelector(selector);
    const input = $('#url-input');
    const base = $('#url-base');
    const components = $('#url-components');
    const params = $('#url-params');
    input.value = initial.get('input') ?? EXAMPLE;
    base.value = initial.get('base') ?? '';
    let url = null;

    const fields = {};
    for (const name of COMPONENTS) {
      const label = document.createElement('label');
      label.htmlFor = `url-${name}`;
      label.textContent = name;
      const field = document.createElement(name === 'href' ? 'textarea' : 'input');
      field.id = `url-${name}`;
      field.spellcheck = false;
      field.autocomplete = 'off';
      field.readOnly = name === 'origin';
      field.addEventListener('change', () => {
        if (!url) return;
        try {
          url[name] = field.value;
          $('#url-status').textContent = '';
        } catch (error) {
          $('#url-status').textContent = `${error.name}: ${error.message}`;
        }
        input.value = url.href;
        render(false);
      });
      if (name === 'href') {
        field.rows = 1;
        // A URL has no line breaks: Enter commits the edit, as in the other fields.
        field.addEventListener('keydown', (event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          field.dispatchEvent(new Event('change'));
        });
      }
      components.append(label, field);
      fields[name] = field;
    }

    /** A domain's Unicode form in parentheses, when it differs from the ASCII one. */
    const withUnicode = (ascii) => {
      const unicode = weft.domainToUnicode(ascii);
      return unicode === ascii ? ascii : `${ascii} <span class="unicode">(${escapeHtml(unicode)})</span>`;
    };

    function hostInfo() {
      const type = url && weft.hostType(url);
      $('#url-host-type').textContent = type ?? (url ? 'null (no host)' : '—');
      const hostname = url?.hostname ?? '';
      $('#url-host-unicode').textContent = type === 'domain' ? weft.domainToUnicode(hostname) : hostname || '—';
      for (const [id, fn] of [
        ['#url-public-suffix', weft.publicSuffix],
        ['#url-registrable-domain', weft.registrableDomain],
      ]) {
        let html;
        try {
          const value = type === 'domain' ? fn(hostname) : undefined;
          html = value === undefined ? '—' : value === null ? 'null' : withUnicode(value);
        } catch (error) {
          html = escapeHtml(`${error.name}: ${error.message}`);
        }
        $(id).innerHTML = html;
      }
    }

    function renderParams() {
      params.replaceChildren();
      if (!url) return;
      let index = 0;
      for (const [name, value] of url.searchParams) {
        const row = document.createElement('tr');
        row.innerHTML = `<td><input aria-label="name ${index}" data-part="name"></td><td><input aria-label="value ${index}" data-part="value"></td><td><button type="button" aria-label="remove ${index}">×</button></td>`;
        row.querySelector('[data-part="name"]').value = name;
        row.querySelector('[data-part="value"]').value = value;
        row.querySelector('button').addEventListener('click', () => {
          row.remove();
          applyParams();
        });
        for (const cell of row.querySelectorAll('input')) cell.addEventListener('change', applyParams);
        params.append(row);
        index++;
      }
    }

    /** The table becomes the list, through URLSearchParams' own methods (the URL follows). */
    function applyParams() {
      if (!url) return;
      const rows = [...params.querySelectorAll('tr')].map((row) => [...row.querySelectorAll('input')].map((cell) => cell.value));
      const list = url.searchParams;
      for (const name of new Set(list.keys())) list.delete(name);
      for (const [name, value] of rows) list.append(name, value);
      input.value = url.href;
      render(false);
    }

    $('#url-param-add').addEventListener('click', () => {
      if (!url) return;
      url.searchParams.append('name', 'value');
      input.value = url.href;
      render(false);
    });

    /** The same input and base through the browser's URL, field by field. */
    function compare(ours) {
      const baseArg = base.value === '' ? undefined : base.value;
      let native = null;
      try {
        native = natives.parseURL(input.value, baseArg);
      } catch (error) {
        native = { error };
      }
      const outcome = (parsed) => (parsed && !parsed.error ? 'parsed' : 'failure (TypeError)');
      const rows = [{ field: 'result', ours: outcome(ours), native: outcome(native) }];
      // When only one side parses, the result row is the difference; its fields are shown as is.
      const compared = Boolean(ours) === !native.error;
      for (const name of COMPONENTS) {
        rows.push({ field: name, ours: ours ? ours[name] : '—', native: native.error ? '—' : native[name], compared });
      }
      renderComparison($('#url-compare'), {
        api: 'URL',
        call: base.value === '' ? 'new URL(input)' : 'new URL(input, base)',
        rows,
        verdict(diffs) {
          if (!ours)
            return `The URL Standard requires failure here: new URL() must throw a TypeError, as webweft's does; ${browserName}'s URL parses it.`;
          if (native.error)
            return `The URL Standard parses this input (webweft's column); ${browserName}'s URL throws a TypeError instead.`;
          return `The URL Standard requires webweft's ${diffs.join(', ')}; ${browserName}'s URL differs there.`;
        },
      });
    }

    /** Parses the input (with the base, if any); `parse` false keeps the edited URL object. */
    function render(parse = true) {
      const result = weft.parseURL(input.value, base.value === '' ? undefined : base.value);
      if (parse) url = result.url;
      const inputErrors = result.errors.filter((e) => !e.inBase);
      $('#url-marked').innerHTML = markErrors(input.value, inputErrors) || '<span class="hint">(empty)</span>';
      $('#url-errors').replaceChildren(...result.errors.map(errorItem));
      $('#url-errors').hidden = result.errors.length === 0;
      $('#url-no-errors').hidden = result.errors.length !== 0;
      if (parse) $('#url-status').textContent = url ? '' : 'Failure: not a valid URL (new URL() would throw a TypeError).';
      root.classList.toggle('failed', !url);
      for (const name of COMPONENTS) {
        fields[name].value = url ? url[name] : '';
        fields[name].disabled = !url;
      }
      fitHref();
      hostInfo();
      renderParams();
      compare(result.url);
      changed();
    }

    /** Where CSS field-sizing is missing, the href's box grows to its text by hand. */
    function fitHref() {
      if (CSS.supports('field-sizing', 'content')) return;
      fields.href.style.height = 'auto';
      fields.href.style.height = `${fields.href.scrollHeight + 2}px`;
    }
    addEventListener('resize', fitHref);

    input.addEventListener('input', () => render());
    base.addEventListener('input', () => render());
    render();
    return {
      state: () => [['input', input.value], ...(base.value === '' ? [] : [['base', base.value]])],
      shown: fitHref,
    };
  },
};
