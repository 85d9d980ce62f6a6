// Base64 panel: text ⇄ forgiving-base64, through the UTF-8 bytes of the text (base64Encode /
// base64Decode) or the Latin1 string (btoa / atob).

const template = `
  <div class="row">
    <div>
      <label for="b64-text">Text</label>
      <textarea id="b64-text" spellcheck="false">Hello, wörld! 👋</textarea>
      <label for="b64-mode">Bytes of the text</label>
      <select id="b64-mode">
        <option value="utf8">UTF-8 (base64Encode / base64Decode)</option>
        <option value="latin1">Latin1 code points (btoa / atob)</option>
      </select>
    </div>
    <div>
      <label for="b64-encoded">Base64</label>
      <textarea id="b64-encoded" spellcheck="false"></textarea>
      <p class="hint">Edit either side. Decoding is forgiving: ASCII whitespace and missing padding are accepted.</p>
      <div id="b64-error" class="error" role="status"></div>
    </div>
  </div>`;

export default {
  id: 'base64',
  title: 'Base64',
  mount(root, weft) {
    root.innerHTML = template;
    const text = root.querySelector('#b64-text');
    const encoded = root.querySelector('#b64-encoded');
    const mode = root.querySelector('#b64-mode');
    const error = root.querySelector('#b64-error');
    const report = (fn) => {
      try {
        fn();
        error.textContent = '';
      } catch (e) {
        error.textContent = `${e.name}: ${e.message}`;
      }
    };
    const encode = () =>
      report(() => {
        encoded.value =
          mode.value === 'utf8' ? weft.base64Encode(new TextEncoder().encode(text.value)) : weft.btoa(text.value);
      });
    const decode = () =>
      report(() => {
        text.value =
          mode.value === 'utf8' ? new TextDecoder().decode(weft.base64Decode(encoded.value)) : weft.atob(encoded.value);
      });
    text.addEventListener('input', encode);
    mode.addEventListener('change', encode);
    encoded.addEventListener('input', decode);
    encode();
  },
};
