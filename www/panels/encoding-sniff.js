// Encoding-sniffing panel: a document's bytes (and the transport layer's charset label) through
// HTML's encoding sniffing algorithm (webweft/html-encoding-sniffer), the step that decided and
// its confidence, the bytes decoded in that encoding, and the encoding this browser's own parser
// gives the same bytes.
import { bytesFields, mountBytesInput } from '../bytes.js';
import { renderComparison } from '../compare.js';

const SPEC = 'https://html.spec.whatwg.org/multipage/parsing.html';
// An uploaded file's bytes go into the link as hex: a larger file is cut there.
const MAX_FILE_BYTES = 64 * 1024;
// htmlEncodingSniffer returns its `defaultEncoding` as given where no step names an encoding:
// a value no encoding is named tells that case apart.
const NO_ENCODING = '(default)';
const EXAMPLES = [
  {
    name: 'meta charset',
    format: 'text',
    bytes: '<!doctype html>\n<meta charset="shift_jis">\n<title>café</title>',
    label: '',
    mode: 'html',
  },
  {
    name: 'Shift_JIS bytes',
    format: 'hex',
    bytes: '3c 6d 65 74 61 20 63 68 61 72 73 65 74 3d 73 6a 69 73 3e 82 a0 93 fa 96 7b 8c ea',
    label: '',
    mode: 'html',
  },
  { name: 'UTF-8 BOM', format: 'hex', bytes: 'ef bb bf 3c 70 3e 63 61 66 c3 a9', label: 'iso-8859-2', mode: 'html' },
  { name: 'transport label', format: 'text', bytes: '<meta charset="utf-8"><p>café', label: 'latin2', mode: 'html' },
  { name: 'nothing declared', format: 'text', bytes: '<p>café', label: '', mode: 'html' },
  {
    name: 'XML declaration',
    format: 'text',
    bytes: '<?xml version="1.0" encoding="ISO-8859-1"?>\n<doc>café</doc>',
    label: '',
    mode: 'xml',
  },
];
const DEFAULTS = EXAMPLES[1];
const MODES = { html: 'HTML (the encoding sniffing algorithm)', xml: "XML (WebKit's, html-encoding-sniffer's xml mode)" };

const template = `
  <div class="row">
    <div>
      ${bytesFields('esniff', 'Document bytes')}
      <label for="esniff-label">Transport-layer encoding label <span class="hint">(Content-Type's charset; optional)</span></label>
      <input id="esniff-label" spellcheck="false" autocomplete="off" placeholder="none">
      <label for="esniff-mode">Document</label>
      <select id="esniff-mode">${Object.entries(MODES)
        .map(([value, text]) => `<option value="${value}">${text}</option>`)
        .join('')}</select>
      <div class="examples" id="esniff-examples"><span class="hint">Examples:</span></div>
    </div>
    <div>
      <label id="esniff-result-label">Sniffed encoding</label>
      <dl id="esniff-result" class="facts" aria-labelledby="esniff-result-label">
        <dt>encoding</dt><dd id="esniff-encoding"></dd>
        <dt>confidence</dt><dd id="esniff-confidence"></dd>
        <dt>decided by</dt><dd id="esniff-step"></dd>
      </dl>
      <div id="esniff-error" class="error" role="status"></div>
      <label id="esniff-decoded-label">Decoded text</label>
      <div id="esniff-decoded" class="output" aria-labelledby="esniff-decoded-label"></div>
      <p class="hint">The <a href="${SPEC}#encoding-sniffing-algorithm">encoding sniffing algorithm</a> without the steps a
        browsing context brings (the user's override, the parent document, autodetection): a BOM, then the transport
        layer's label, then the <a href="${SPEC}#prescan-a-byte-stream-to-determine-its-encoding">prescan</a> of the
        first 1024 bytes, else the default windows-1252. The step is found by asking webweft's BOM sniffing and label
        lookup, then the sniffer with no default.</p>
    </div>
  </div>
  <div id="esniff-compare"></div>`;

// Which step decided, in HTML's algorithm (its step numbers) and in XML mode (no confidence).
const STEPS = {
  html: {
    bom: ['step 1: the byte order mark', 'certain'],
    label: ['step 4: the transport layer’s label', 'certain'],
    document: ['step 5: the prescan (a meta element, or an XML declaration)', 'tentative'],
    default: ['step 9: nothing named one, the default encoding', 'tentative'],
  },
  xml: {
    bom: ['the byte order mark', 'n/a (XML)'],
    label: ['the transport layer’s label', 'n/a (XML)'],
    document: ['the UTF-16 "<?x" signature or the XML declaration', 'n/a (XML)'],
    default: ['nothing named one, the XML default', 'n/a (XML)'],
  },
};

/** The step that decided, as webweft's own functions tell it: a key of STEPS' tables. */
function decidingStep(weft, bytes, label, xml) {
  if (weft.sniffBOM(bytes) != null) return 'bom';
  if (label !== '' && weft.labelToEncoding(label) != null) return 'label';
  if (weft.htmlEncodingSniffer(bytes, { xml, defaultEncoding: NO_ENCODING }) !== NO_ENCODING) return 'document';
  return 'default';
}

export default {
  id: 'encoding-sniff',
  title: 'Encoding sniffing',
  mount(root, weft, { natives, browserName, initial, changed }) {
    root.innerHTML = template;
    const $ = (selector) => root.querySelector(selector);
    const [label, mode] = ['#esniff-label', '#esniff-mode'].map($);
    label.value = initial.get('label') ?? DEFAULTS.label;
    mode.value = Object.hasOwn(MODES, initial.get('mode')) ? initial.get('mode') : DEFAULTS.mode;
    const document_ = mountBytesInput(root, 'esniff', {
      initial,
      defaults: DEFAULTS,
      maxFileBytes: MAX_FILE_BYTES,
      onChange: () => (run(), changed()),
    });
    let generation = 0;

    async function compare(bytes, ours) {
      const mine = ++generation;
      const container = $('#esniff-compare');
      container.dataset.settled = 'false';
      const xml = mode.value === 'xml';
      const type = `${xml ? 'application/xml' : 'text/html'}${label.value ? `;charset=${label.value}` : ''}`;
      const native = await natives.documentEncoding(bytes, type);
      if (mine !== generation) return; // a later edit's comparison replaces this one
      renderComparison(container, {
        api: `${xml ? 'XML' : 'HTML'} parser`,
        call: `a frame loading the bytes as ${type}, its document.characterSet`,
        oursCall: `htmlEncodingSniffer(bytes${label.value || xml ? `, { ${[label.value && 'transportLayerEncodingLabel', xml && 'xml: true'].filter(Boolean).join(', ')} }` : ''})`,
        rows: [{ field: 'encoding', ours, native }],
        verdict: () =>
          `${browserName} decides otherwise: beyond the standard's fixed steps it may autodetect the encoding from the bytes (step 7's frequency analysis) or prescan further than 1024 bytes, which the standard allows and webweft does not do.`,
      });
      container.dataset.settled = 'true';
    }

    function run() {
      const error = $('#esniff-error');
      const [result, decoded] = ['#esniff-result', '#esniff-decoded'].map($);
      let bytes;
      try {
        bytes = document_.read();
        error.textContent = '';
      } catch (e) {
        error.textContent = `${e.name}: ${e.message}`;
        result.hidden = true;
        decoded.textContent = '';
        generation++;
        $('#esniff-compare').replaceChildren();
        return;
      }
      const xml = mode.value === 'xml';
      const options = { xml };
      if (label.value !== '') options.transportLayerEncodingLabel = label.value;
      const encoding = weft.htmlEncodingSniffer(bytes, options);
      const decided = decidingStep(weft, bytes, label.value, xml);
      const [step, confidence] = STEPS[mode.value][decided];
      result.hidden = false;
      $('#esniff-encoding').textContent = encoding;
      $('#esniff-confidence').textContent = confidence;
      $('#esniff-step').textContent = step;
      $('#esniff-step').dataset.step = decided;
      // The decode hook: the BOM (which sniffing already took) is removed.
      decoded.textContent = weft.decode(bytes, encoding);
      compare(bytes, encoding);
    }

    for (const example of EXAMPLES) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = example.name;
      button.addEventListener('click', () => {
        $('#esniff-format').value = example.format;
        $('#esniff-bytes').value = example.bytes;
        $('#esniff-file-note').textContent = '';
        label.value = example.label;
        mode.value = example.mode;
        run();
        changed();
      });
      $('#esniff-examples').append(button);
    }
    label.addEventListener('input', () => (run(), changed()));
    mode.addEventListener('change', () => (run(), changed()));
    run();
    return {
      state: () => [...document_.state(), ['label', label.value], ['mode', mode.value]],
    };
  },
};
