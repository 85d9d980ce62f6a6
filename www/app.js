// The playground shell: weft's ES module for browsers (each wasm instantiates on first use), one
// panel per area.
import * as weft from '/pkg/index.js';
import base64 from './panels/base64.js';
import encoding from './panels/encoding.js';
import html from './panels/html.js';
import structuredClonePanel from './panels/structured-clone.js';
import url from './panels/url.js';

const panels = [base64, encoding, html, structuredClonePanel, url];

const tabs = document.getElementById('tabs');
const main = document.getElementById('panels');
main.replaceChildren();
for (const panel of panels) {
  const section = document.createElement('section');
  section.id = `panel-${panel.id}`;
  section.setAttribute('role', 'tabpanel');
  panel.mount(section, weft);
  main.append(section);
  const tab = document.createElement('button');
  tab.id = `tab-${panel.id}`;
  tab.textContent = panel.title;
  tab.setAttribute('role', 'tab');
  tab.addEventListener('click', () => select(panel.id));
  tabs.append(tab);
}

function select(id) {
  for (const panel of panels) {
    document.getElementById(`panel-${panel.id}`).hidden = panel.id !== id;
    document.getElementById(`tab-${panel.id}`).setAttribute('aria-selected', String(panel.id === id));
  }
  history.replaceState(null, '', `#${id}`);
}

select(panels.some((p) => p.id === location.hash.slice(1)) ? location.hash.slice(1) : panels[0].id);
document.getElementById('status').textContent = 'weft ready';
document.body.dataset.ready = 'true';
