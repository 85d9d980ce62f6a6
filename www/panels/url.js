// URL panel: parse a URL (with an optional base) as the URL Standard does, see every component,
// edit them through the URL setters, edit the query as a URLSearchParams table, and see the
// validation errors the parser reports, marked where they occur in the input.

const COMPONENTS = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'];

const template = `
  <style>
    #panel-url .components { display: grid; grid-template-columns: 7.5em 1fr; gap: 4px 8px; align-items: center; }
    #panel-url .components label { margin: 0; font-weight: 600; }
    #panel-url .components input[readonly] { background: var(--bg); color: var(--muted); }
    #panel-url .marked { font: 14px/1.6 ui-monospace, monospace; white-space: pre-wrap; word-break: break-all;
      background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: 8px; min-height: 2.2em; }
    #panel-url mark { background: #ffd9d6; color: var(--bad); border-bottom: 2px solid var(--bad); border-radius: 2px; }
    #panel-url .end-mark { display: inline-block; width: 0.6em; }
    #panel-url ol.errors { margin: 6px 0 0; padding-left: 1.4em; font-size: 13px; }
    #panel-url ol.errors code { color: var(--bad); }
    #panel-url table { width: 100%; border-collapse: collapse; }
    #panel-url td { padding: 2px 4px 2px 0; }
    #panel-url td:last-child { width: 2.5em; }
    #panel-url button { font: inherit; padding: 4px 10px; border: 1px solid var(--line); border-radius: 6px; background: #fff; cursor: pointer; }
    #panel-url dl { display: grid; grid-template-columns: 11em 1fr; gap: 2px 8px; margin: 0; font-size: 14px; }
    #panel-url dt { color: var(--muted); }
    #panel-url dd { margin: 0; font-family: ui-monospace, monospace; word-break: break-all; }
  </style>
  <div class="row">
    <div>
      <label for="url-input">URL</label>
      <input id="url-input" spellcheck="false" autocomplete="off" value=" HTTPS://user@BÜCHER.example:443/a/../b c?q=1&amp;lang=en#Frag">
      <label for="url-base">Base URL (optional)</label>
      <input id="url-base" spellcheck="false" autocomplete="off" placeholder="none">
      <div id="url-status" role="status" class="hint"></div>
      <label id="url-errors-label">Validation errors</label>
      <div id="url-marked" class="marked" aria-labelledby="url-errors-label"></div>
      <ol id="url-errors" class="errors"></ol>
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
      <table><tbody id="url-params"></tbody></table>
      <button id="url-param-add" type="button">Add a pair</button>
    </div>
  </div>`;

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

/** The input with each error position marked (a position at the end marks an empty spot). */
function markErrors(input, errors) {
  const byPosition = new Map();
  for (const error of errors) byPosition.set(error.position, [...(byPosition.get(error.position) ?? []), error.type]);
  let html = '';
  const characters = [...input];
  let index = 0;
  for (const character of characters) {
    const types = byPosition.get(index);
    const shown = escapeHtml(character.replace(/[\t\n\r]/, (c) => ({ '\t': '⇥', '\n': '↵', '\r': '␍' })[c]).replace(/^ $/, '·'));
    html += types ? `<mark title="${types.join(', ')}">${shown}</mark>` : escapeHtml(character);
    index += character.length;
  }
  const atEnd = byPosition.get(index);
  if (atEnd) html += `<mark class="end-mark" title="${atEnd.join(', ')}"> </mark>`;
  return html;
}

export default {
  id: 'url',
  title: 'URL',
  mount(root, weft) {
    root.innerHTML = template;
    const $ = (selector) => root.querySelector(selector);
    const input = $('#url-input');
    const base = $('#url-base');
    const components = $('#url-components');
    const params = $('#url-params');
    let url = null;

    const fields = {};
    for (const name of COMPONENTS) {
      const label = document.createElement('label');
      label.htmlFor = `url-${name}`;
      label.textContent = name;
      const field = document.createElement('input');
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
      components.append(label, field);
      fields[name] = field;
    }

    function hostInfo() {
      const type = url && weft.hostType(url);
      $('#url-host-type').textContent = type ?? (url ? 'null (no host)' : '—');
      const hostname = url?.hostname ?? '';
      $('#url-host-unicode').textContent = type === 'domain' ? weft.domainToUnicode(hostname) : hostname || '—';
      for (const [id, fn] of [['#url-public-suffix', weft.publicSuffix], ['#url-registrable-domain', weft.registrableDomain]]) {
        let text;
        try {
          text = type === 'domain' ? fn(hostname) ?? 'null' : '—';
        } catch {
          text = 'not included in this build (weft/lite)';
        }
        $(id).textContent = text;
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

    /** Parses the input (with the base, if any); `parse` false keeps the edited URL object. */
    function render(parse = true) {
      const result = weft.parseURL(input.value, base.value === '' ? undefined : base.value);
      if (parse) url = result.url;
      const inputErrors = result.errors.filter((e) => !e.inBase);
      $('#url-marked').innerHTML = markErrors(input.value, inputErrors) || '<span class="hint">(empty)</span>';
      const list = $('#url-errors');
      list.replaceChildren();
      for (const error of result.errors) {
        const item = document.createElement('li');
        item.innerHTML = `<code>${error.type}</code> at ${error.inBase ? 'base ' : ''}index ${error.position}`;
        list.append(item);
      }
      if (result.errors.length === 0) list.innerHTML = '<li class="hint">none</li>';
      if (parse) $('#url-status').textContent = url ? '' : 'Failure: not a valid URL (new URL() would throw a TypeError).';
      root.classList.toggle('failed', !url);
      for (const name of COMPONENTS) {
        fields[name].value = url ? url[name] : '';
        fields[name].disabled = !url;
      }
      hostInfo();
      renderParams();
    }

    input.addEventListener('input', () => render());
    base.addEventListener('input', () => render());
    render();
  },
};
