// Base64 panel: text ⇄ forgiving-base64, through the UTF-8 bytes of the text (base64Encode /
// base64Decode) or the Latin1 string (btoa / atob), compared with the browser's atob and btoa.
import { errorName, renderComparison } from '../compare.js';

const DEFAULT_TEXT = 'Hello, wörld! 👋';

const template = `
  <div class="row">
    <div>
      <label for="b64-text">Text</label>
      <textarea id="b64-text" spellcheck="false"></textarea>
      <label for="b64-mode">Bytes of the text</label>
      <select id="b64-mode">
        <option value="utf8">UTF-8 (base64Encode / base64Decode)</option>
        <option value="latin1">Latin1 code points (btoa / atob)</option>
      </select>
    </div>
    <div>
      <label for="b64-encoded">Base64</label>
      <textarea id="b64-encoded" spellcheck="false"></textarea>
      <p class="hint">Edit either side. Decoding is <a href="https://infra.spec.whatwg.org/#forgiving-base64-decode">forgiving-base64</a>:
        ASCII whitespace and missing padding are accepted.</p>
      <div id="b64-error" class="error" role="status"></div>
    </div>
  </div>
  <div id="b64-compare"></div>`;

/** A byte string's bytes as Latin1 code points (what atob gives and btoa takes). */
const latin1 = (bytes) => Array.from(bytes, (b) => String.fromCharCode(b)).join('');
const hex = (text) => Array.from(text, (c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join(' ');

export default {
  id: 'base64',
  title: 'Base64',
  mount(root, weft, { natives, browserName, initial, changed }) {
    root.innerHTML = template;
    const text = root.querySelector('#b64-text');
    const encoded = root.querySelector('#b64-encoded');
    const mode = root.querySelector('#b64-mode');
    const error = root.querySelector('#b64-error');
    let from = initial.get('from') === 'base64' ? 'base64' : 'text';
    mode.value = initial.get('mode') === 'latin1' ? 'latin1' : 'utf8';
    text.value = initial.get('text') ?? DEFAULT_TEXT;
    encoded.value = initial.get('base64') ?? '';

    const report = (fn) => {
      try {
        fn();
        error.textContent = '';
      } catch (e) {
        error.textContent = `${e.name}: ${e.message}`;
      }
    };
    const attempt = (fn) => {
      try {
        return fn();
      } catch (e) {
        return errorName(e);
      }
    };

    /** btoa or atob of the same string, webweft's and the browser's. */
    function compare() {
      const utf8 = mode.value === 'utf8';
      let rows;
      if (from === 'text') {
        const input = utf8 ? latin1(new TextEncoder().encode(text.value)) : text.value;
        rows = [{ field: 'btoa', ours: attempt(() => weft.btoa(input)), native: attempt(() => natives.btoa(input)) }];
      } else {
        rows = [
          {
            field: 'atob (bytes)',
            ours: attempt(() => hex(weft.atob(encoded.value))),
            native: attempt(() => hex(natives.atob(encoded.value))),
          },
        ];
      }
      renderComparison(root.querySelector('#b64-compare'), {
        api: from === 'text' ? 'btoa' : 'atob',
        call:
          from === 'text'
            ? utf8
              ? 'btoa(the UTF-8 bytes of the text, as a Latin1 string)'
              : 'btoa(text)'
            : 'atob(base64), its code units shown as bytes',
        rows,
        verdict: () =>
          from === 'text'
            ? `HTML's btoa requires webweft's result; ${browserName}'s btoa differs.`
            : `Infra's forgiving-base64 decode requires webweft's result; ${browserName}'s atob differs.`,
      });
    }

    const encode = () =>
      report(() => {
        encoded.value = mode.value === 'utf8' ? weft.base64Encode(new TextEncoder().encode(text.value)) : weft.btoa(text.value);
      });
    const decode = () =>
      report(() => {
        text.value =
          mode.value === 'utf8' ? new TextDecoder().decode(weft.base64Decode(encoded.value)) : weft.atob(encoded.value);
      });
    const run = () => {
      if (from === 'text') encode();
      else decode();
      compare();
      changed();
    };
    text.addEventListener('input', () => {
      from = 'text';
      run();
    });
    encoded.addEventListener('input', () => {
      from = 'base64';
      run();
    });
    mode.addEventListener('change', run);
    run();
    return {
      state: () => [['mode', mode.value], from === 'text' ? ['text', text.value] : ['base64', encoded.value], ['from', from]],
    };
  },
};
