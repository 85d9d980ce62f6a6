// MIME panel: a string parsed as a MIME type (its record, serialization and groups), and a
// resource's bytes with a supplied MIME type and the no-sniff flag → its computed MIME type, all
// through webweft/mimesniff. Browsers expose neither algorithm, so there is no native comparison.
import { byteCount, bytesFields, hex, mountBytesInput } from '../bytes.js';

const SPEC = 'https://mimesniff.spec.whatwg.org/';
// The MIME type groups (§4.6), each with webweft's test and its anchor in the standard.
const GROUPS = [
  ['image', 'isImageMIMEType', 'image-mime-type'],
  ['audio or video', 'isAudioOrVideoMIMEType', 'audio-or-video-mime-type'],
  ['font', 'isFontMIMEType', 'font-mime-type'],
  ['ZIP-based', 'isZipBasedMIMEType', 'zip-based-mime-type'],
  ['archive', 'isArchiveMIMEType', 'archive-mime-type'],
  ['XML', 'isXMLMIMEType', 'xml-mime-type'],
  ['HTML', 'isHTMLMIMEType', 'html-mime-type'],
  ['scriptable', 'isScriptableMIMEType', 'scriptable-mime-type'],
  ['JavaScript', 'isJavaScriptMIMEType', 'javascript-mime-type'],
  ['JSON', 'isJSONMIMEType', 'json-mime-type'],
];
// The resource header's longest length (§5.2): sniffing reads no further.
const RESOURCE_HEADER_MAX = 1445;
const SOURCES = {
  none: 'none (no supplied MIME type)',
  header: 'HTTP Content-Type header',
  provided: 'the file system or another protocol',
};

// Each example sets the whole sniffing side.
const EXAMPLES = [
  {
    name: 'HTML, no type',
    format: 'text',
    bytes: '<!DOCTYPE html>\n<title>Hello</title>',
    source: 'none',
    supplied: '',
    nosniff: false,
  },
  {
    name: 'PNG sent as text/plain',
    format: 'hex',
    bytes: '89 50 4e 47 0d 0a 1a 0a 00 00 00 0d 49 48 44 52',
    source: 'header',
    supplied: 'text/plain',
    nosniff: false,
  },
  {
    name: 'PNG sent as image/gif',
    format: 'hex',
    bytes: '89 50 4e 47 0d 0a 1a 0a 00 00 00 0d 49 48 44 52',
    source: 'header',
    supplied: 'image/gif',
    nosniff: false,
  },
  {
    name: 'HTML sent as text/plain',
    format: 'text',
    bytes: '<html><body>not sniffed</body></html>',
    source: 'header',
    supplied: 'text/plain;charset=utf-8',
    nosniff: false,
  },
  {
    name: 'unknown type, nosniff',
    format: 'text',
    bytes: '%PDF-1.7\n',
    source: 'header',
    supplied: 'application/unknown',
    nosniff: true,
  },
  {
    name: 'PDF, unknown type',
    format: 'text',
    bytes: '%PDF-1.7\n',
    source: 'header',
    supplied: 'unknown/unknown',
    nosniff: false,
  },
];
const DEFAULTS = { mime: 'Text/HTML;Charset="UTF-8";format=flowed;charset=latin1', ...EXAMPLES[0] };

const template = `
  <div class="row">
    <div>
      <label for="mime-input">MIME type string</label>
      <input id="mime-input" spellcheck="false" autocomplete="off">
      <p class="hint">Parsed with <a href="${SPEC}#parse-a-mime-type">parse a MIME type</a>: type and subtype
        are lowercased, parameter names too; the first of two same-named parameters wins; a quoted value is unquoted.</p>
      <label id="mime-record-label">MIME type record</label>
      <dl id="mime-record" class="facts" aria-labelledby="mime-record-label">
        <dt>type</dt><dd id="mime-type"></dd>
        <dt>subtype</dt><dd id="mime-subtype"></dd>
        <dt>essence</dt><dd id="mime-essence"></dd>
        <dt>parameters</dt><dd id="mime-parameters"></dd>
        <dt>serialized</dt><dd id="mime-serialized"></dd>
        <dt>groups</dt><dd id="mime-groups" class="tags"></dd>
      </dl>
      <div id="mime-error" class="error" role="status"></div>
    </div>
    <div>
      ${bytesFields('sniff-res', 'Resource bytes')}
      <label for="sniff-source">Supplied MIME type from</label>
      <select id="sniff-source">${Object.entries(SOURCES)
        .map(([value, text]) => `<option value="${value}">${text}</option>`)
        .join('')}</select>
      <label for="sniff-supplied">Supplied MIME type</label>
      <input id="sniff-supplied" spellcheck="false" autocomplete="off" placeholder="e.g. text/plain">
      <label class="check"><input type="checkbox" id="sniff-nosniff"> no-sniff flag (X-Content-Type-Options: nosniff)</label>
      <div class="examples" id="sniff-examples"><span class="hint">Examples:</span></div>
      <label id="sniff-result-label">Computed MIME type</label>
      <dl id="sniff-result" class="facts" aria-labelledby="sniff-result-label">
        <dt>computed</dt><dd id="sniff-computed"></dd>
        <dt>supplied</dt><dd id="sniff-supplied-parsed"></dd>
        <dt>resource header</dt><dd id="sniff-header"></dd>
      </dl>
      <div id="sniff-error" class="error" role="status"></div>
      <p class="hint"><a href="${SPEC}#determining-the-computed-mime-type-of-a-resource">Determining the computed MIME type</a>:
        an HTTP Content-Type of exactly text/plain (with or without the Apache charsets) is checked for text or binary;
        a supplied XML or HTML type is kept; an image, audio or video type is sniffed within its own kind; an unknown or
        missing type is sniffed from the first ${RESOURCE_HEADER_MAX} bytes. The no-sniff flag keeps the supplied type.</p>
    </div>
  </div>`;

/** A parameter list as `name=value` lines (shown as stored: names lowercased, values unquoted). */
const parameterLines = (parameters) => Array.from(parameters, ([name, value]) => `${name}=${value}`).join('\n');

export default {
  id: 'mime',
  title: 'MIME type',
  mount(root, weft, { initial, changed }) {
    root.innerHTML = template;
    const $ = (selector) => root.querySelector(selector);
    const input = $('#mime-input');
    const [source, supplied, nosniff] = ['#sniff-source', '#sniff-supplied', '#sniff-nosniff'].map($);
    input.value = initial.get('mime') ?? DEFAULTS.mime;
    source.value = Object.hasOwn(SOURCES, initial.get('source')) ? initial.get('source') : DEFAULTS.source;
    supplied.value = initial.get('supplied') ?? DEFAULTS.supplied;
    nosniff.checked = initial.has('nosniff') ? initial.get('nosniff') === '1' : DEFAULTS.nosniff;
    const resource = mountBytesInput(root, 'sniff-res', {
      initial,
      defaults: DEFAULTS,
      maxFileBytes: RESOURCE_HEADER_MAX,
      onChange: () => (sniff(), changed()),
    });

    /** A dd's text, or an italic "none" where a value is absent. */
    const fill = (dd, text, none = 'none') => {
      dd.classList.toggle('none', text === null);
      dd.textContent = text ?? none;
    };

    const groupTags = (container, mimeType) => {
      container.replaceChildren();
      for (const [name, test, anchor] of GROUPS) {
        const tag = document.createElement('a');
        const member = mimeType !== null && weft[test](mimeType);
        tag.className = member ? 'tag yes' : 'tag';
        tag.href = `${SPEC}#${anchor}`;
        tag.target = '_blank';
        tag.rel = 'noopener';
        tag.textContent = name;
        tag.title = `${name} MIME type: ${member ? 'yes' : 'no'}`;
        tag.dataset.member = String(member);
        container.append(tag);
      }
    };

    function parse() {
      const mimeType = weft.parseMIMEType(input.value);
      $('#mime-error').textContent = mimeType === null ? 'failure: parse a MIME type returns failure for this string' : '';
      $('#mime-record').hidden = mimeType === null;
      if (mimeType === null) return;
      fill($('#mime-type'), mimeType.type);
      fill($('#mime-subtype'), mimeType.subtype);
      fill($('#mime-essence'), mimeType.essence);
      fill($('#mime-parameters'), mimeType.parameters.size ? parameterLines(mimeType.parameters) : null);
      fill($('#mime-serialized'), weft.serializeMIMEType(mimeType));
      groupTags($('#mime-groups'), mimeType);
    }

    function sniff() {
      const error = $('#sniff-error');
      let bytes;
      try {
        bytes = resource.read();
        error.textContent = '';
      } catch (e) {
        error.textContent = `${e.name}: ${e.message}`;
        $('#sniff-result').hidden = true;
        return;
      }
      supplied.disabled = source.value === 'none';
      const options = { noSniff: nosniff.checked };
      if (source.value === 'header') options.contentTypeHeader = supplied.value;
      if (source.value === 'provided') options.providedType = supplied.value;
      const computed = weft.computedMIMEType(bytes, options);
      $('#sniff-result').hidden = false;
      fill($('#sniff-computed'), computed.toString());
      const parsed = source.value === 'none' ? null : weft.parseMIMEType(supplied.value);
      fill(
        $('#sniff-supplied-parsed'),
        parsed?.toString() ?? null,
        source.value === 'none' ? 'none' : 'undefined (does not parse)',
      );
      const header = bytes.subarray(0, RESOURCE_HEADER_MAX);
      fill(
        $('#sniff-header'),
        `${byteCount(header.length)}${bytes.length > header.length ? ` (of ${byteCount(bytes.length)})` : ''}: ${hex(header.subarray(0, 16))}${header.length > 16 ? ' …' : ''}`,
      );
    }

    for (const example of EXAMPLES) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = example.name;
      button.addEventListener('click', () => {
        $('#sniff-res-format').value = example.format;
        $('#sniff-res-bytes').value = example.bytes;
        $('#sniff-res-file-note').textContent = '';
        source.value = example.source;
        supplied.value = example.supplied;
        nosniff.checked = example.nosniff;
        sniff();
        changed();
      });
      $('#sniff-examples').append(button);
    }

    input.addEventListener('input', () => (parse(), changed()));
    supplied.addEventListener('input', () => (sniff(), changed()));
    for (const control of [source, nosniff]) control.addEventListener('change', () => (sniff(), changed()));
    parse();
    sniff();
    return {
      state: () => [
        ['mime', input.value],
        ...resource.state(),
        ['source', source.value],
        ['supplied', supplied.value],
        ['nosniff', nosniff.checked ? '1' : '0'],
      ],
    };
  },
};
