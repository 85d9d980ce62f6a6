// data: URL panel: a data: URL through Fetch's data: URL processor (dataURLProcessor of
// webweft/mimesniff, after webweft's URL parser), its MIME type and body (text in the MIME
// type's charset, hex, size), compared with what this browser's fetch() gives for the same URL.
import { byteCount, hex } from '../bytes.js';
import { errorName, renderComparison } from '../compare.js';

const SPEC = 'https://fetch.spec.whatwg.org/#data-url-processor';
// The body's hex stops here: a long body's first bytes say enough.
const HEX_SHOWN = 1024;
// A 1×1 PNG, so an image example previews.
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const EXAMPLES = [
  ['plain text', 'data:,Hello%2C%20World%21'],
  ['Shift_JIS', 'data:text/plain;charset=Shift_JIS,%82%A0%93%FA%96%7B'],
  ['base64 HTML', 'data:text/html;base64,PGgxPkhpITwvaDE+'],
  ['image', `data:image/png;base64,${PIXEL}`],
  ['odd MIME type', 'data:Text/Plain;Foo=Bar;charset="utf-8" ,caf%C3%A9#fragment'],
  ['bad base64', 'data:text/plain;base64,a'],
];
const DEFAULT = EXAMPLES[1][1];

const template = `
  <style>
    #panel-data-url #data-image { display: block; max-width: 100%; max-height: 160px; margin-top: 6px;
      image-rendering: pixelated; min-width: 32px; border: 1px solid var(--line); background: #fff; }
    #panel-data-url #data-url { min-height: 70px; }
  </style>
  <div class="row">
    <div>
      <label for="data-url">data: URL</label>
      <textarea id="data-url" spellcheck="false"></textarea>
      <div class="examples" id="data-examples"><span class="hint">Examples:</span></div>
      <p class="hint">webweft parses the URL, drops its fragment, and runs Fetch's
        <a href="${SPEC}">data: URL processor</a>: the MIME type is the part before the comma (text/plain;charset=US-ASCII
        when it does not parse), the body is percent-decoded, then forgiving-base64 decoded after ";base64".</p>
      <div id="data-error" class="error" role="status"></div>
    </div>
    <div>
      <label id="data-result-label">Result</label>
      <dl id="data-result" class="facts" aria-labelledby="data-result-label">
        <dt>MIME type</dt><dd id="data-mime"></dd>
        <dt>essence</dt><dd id="data-essence"></dd>
        <dt>size</dt><dd id="data-size"></dd>
        <dt id="data-text-label">text</dt><dd id="data-text"></dd>
        <dt>hex</dt><dd id="data-hex"></dd>
      </dl>
      <img id="data-image" alt="the body, drawn by this browser from the data: URL" hidden>
    </div>
  </div>
  <div id="data-compare"></div>`;

/** A fetch() rejection (or webweft's failure) as the comparison shows it. */
const networkError = 'network error';

export default {
  id: 'data-url',
  title: 'data: URL',
  mount(root, weft, { natives, browserName, initial, changed }) {
    root.innerHTML = template;
    const $ = (selector) => root.querySelector(selector);
    const input = $('#data-url');
    input.value = initial.get('url') ?? DEFAULT;
    let generation = 0;

    /** The processor's result ({mimeType, body}), null for failure; a TypeError for a bad URL. */
    function process(text) {
      const url = new weft.URL(text);
      if (url.protocol !== 'data:') throw new TypeError(`not a data: URL (its scheme is ${url.protocol.slice(0, -1)})`);
      // The processor's second step: the URL serialized with exclude fragment set.
      url.hash = '';
      return { result: weft.dataURLProcessor(url.href), serialized: url.href };
    }

    function show(result) {
      const { mimeType, body } = result;
      $('#data-mime').textContent = mimeType.toString();
      $('#data-essence').textContent = mimeType.essence;
      $('#data-size').textContent = byteCount(body.length);
      // The text in the MIME type's charset, or UTF-8 where it names no encoding.
      const charset = mimeType.parameters.get('charset');
      const encoding = (charset !== undefined && weft.labelToEncoding(charset)) || 'UTF-8';
      $('#data-text-label').textContent = `text (${encoding})`;
      // Binary bodies (an image, a font, …) are left to the hex: their decoding says nothing.
      const textual =
        mimeType.type === 'text' ||
        charset !== undefined ||
        ['isJSONMIMEType', 'isXMLMIMEType', 'isJavaScriptMIMEType'].some((test) => weft[test](mimeType));
      $('#data-text').classList.toggle('none', !textual);
      $('#data-text').textContent = textual ? weft.decode(body, encoding) : `not shown: ${mimeType.essence} is not text`;
      $('#data-hex').textContent = hex(body.subarray(0, HEX_SHOWN)) + (body.length > HEX_SHOWN ? ' …' : '');
      const image = $('#data-image');
      image.hidden = !weft.isImageMIMEType(mimeType);
      if (image.hidden) image.removeAttribute('src');
      else image.src = input.value;
    }

    async function compare(ours, text) {
      const mine = ++generation;
      const container = $('#data-compare');
      let native;
      try {
        const { contentType, body } = await natives.fetchDataURL(text);
        native = { mime: contentType ?? '(no Content-Type)', size: String(body.length), hex: hex(body) };
      } catch (error) {
        const failed = error?.name === 'TypeError' ? networkError : errorName(error);
        native = { mime: failed, size: failed, hex: failed };
      }
      if (mine !== generation) return; // a later edit's comparison replaces this one
      const mineRows = ours
        ? { mime: ours.mimeType.toString(), size: String(ours.body.length), hex: hex(ours.body) }
        : { mime: networkError, size: networkError, hex: networkError };
      renderComparison(container, {
        api: 'fetch()',
        call: 'fetch(url), its Content-Type header and body',
        oursCall: 'dataURLProcessor(url without its fragment)',
        rows: [
          { field: 'MIME type', ours: mineRows.mime, native: native.mime },
          { field: 'size', ours: mineRows.size, native: native.size },
          { field: 'body (hex)', ours: mineRows.hex, native: native.hex },
        ],
        verdict: (diffs) =>
          `Fetch's data: URL processor requires webweft's ${diffs.join(', ')}; ${browserName}'s fetch() differs.`,
        note: 'A data: URL the processor fails on is a network error: fetch() rejects with a TypeError.',
      });
      container.dataset.settled = 'true';
    }

    function run() {
      const error = $('#data-error');
      const result = $('#data-result');
      error.textContent = '';
      $('#data-compare').dataset.settled = 'false';
      let processed;
      try {
        processed = process(input.value);
      } catch (e) {
        error.textContent = `${e.name}: ${e.message}`;
        result.hidden = true;
        $('#data-image').hidden = true;
        generation++;
        $('#data-compare').replaceChildren();
        return;
      }
      if (processed.result === null) {
        error.textContent = 'failure: the data: URL processor returns failure (fetch gives a network error)';
        result.hidden = true;
        $('#data-image').hidden = true;
      } else {
        result.hidden = false;
        show(processed.result);
      }
      compare(processed.result, input.value);
    }

    for (const [name, url] of EXAMPLES) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = name;
      button.addEventListener('click', () => {
        input.value = url;
        run();
        changed();
      });
      $('#data-examples').append(button);
    }
    input.addEventListener('input', () => (run(), changed()));
    run();
    return { state: () => [['url', input.value]] };
  },
};
