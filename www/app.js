// The playground shell: captures the browser's natives first, loads webweft, mounts one panel
// per area, and keeps the open panel's state (inputs and options) in the page's query string.
import { browserName, natives } from './natives.js';
import weft from './webweft.js';
import base64 from './panels/base64.js';
import dataURL from './panels/data-url.js';
import encodingSniff from './panels/encoding-sniff.js';
import encoding from './panels/encoding.js';
import html from './panels/html.js';
import mime from './panels/mime.js';
import structuredClonePanel from './panels/structured-clone.js';
import url from './panels/url.js';
import urlpattern from './panels/urlpattern.js';

const panels = [base64, encoding, html, structuredClonePanel, url, urlpattern, mime, dataURL, encodingSniff];
const ids = panels.map((p) => p.id);

// ?panel=url&input=… ; an old #url link still opens its panel.
const query = new URLSearchParams(location.search);
const fromHash = location.hash.slice(1);
let current = ids.includes(query.get('panel')) ? query.get('panel') : ids.includes(fromHash) ? fromHash : ids[0];

const tabs = document.getElementById('tabs');
const main = document.getElementById('panels');
const mounted = new Map();
main.replaceChildren();

/** The open panel's state becomes the page's URL (replaceState: typing adds no history). */
function writeURL() {
  const params = new URLSearchParams([['panel', current], ...mounted.get(current).state()]);
  history.replaceState(null, '', `${location.pathname}?${params}`);
}

for (const panel of panels) {
  const section = document.createElement('section');
  section.id = `panel-${panel.id}`;
  section.setAttribute('role', 'tabpanel');
  section.setAttribute('aria-labelledby', `tab-${panel.id}`);
  main.append(section);
  const ctx = {
    natives,
    browserName,
    initial: panel.id === current ? query : new URLSearchParams(),
    changed: () => panel.id === current && mounted.has(panel.id) && writeURL(),
  };
  mounted.set(panel.id, panel.mount(section, weft, ctx));
  const tab = document.createElement('button');
  tab.id = `tab-${panel.id}`;
  tab.type = 'button';
  tab.textContent = panel.title;
  tab.setAttribute('role', 'tab');
  tab.setAttribute('aria-controls', section.id);
  tab.addEventListener('click', () => select(panel.id));
  tabs.append(tab);
}

function select(id) {
  current = id;
  for (const panel of panels) {
    document.getElementById(`panel-${panel.id}`).hidden = panel.id !== id;
    document.getElementById(`tab-${panel.id}`).setAttribute('aria-selected', String(panel.id === id));
  }
  mounted.get(id).shown?.();
  writeURL();
}

select(current);
document.getElementById('status').textContent = 'webweft ready';
document.body.dataset.ready = 'true';
