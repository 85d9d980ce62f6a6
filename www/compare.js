// "Compared with this browser": the same input through the browser's native implementation,
// side by side with webweft's, each differing field marked with a data-diff attribute.
import { browserName } from './natives.js';

/** "" reads as (empty) so an empty field is visibly different from a missing one. */
const shown = (value) => (value === '' ? '(empty)' : value);

/**
 * Renders `rows` ([{field, ours, native, compared}], strings) into `container` under a heading
 * naming the native `api` and the `call` both sides make (webweft's own is `oursCall` where it
 * differs); a row with `compared: false` is shown
 * but not marked (a field of a result only one side has). `verdict(diffs)` is the line saying
 * what the standard requires when some field differs. Returns the differing field names.
 */
export function renderComparison(container, { api, call, oursCall, rows, verdict, note }) {
  container.replaceChildren();
  container.classList.add('compare');
  const heading = document.createElement('h3');
  heading.textContent = `Compared with ${browserName}'s native ${api}`;
  const how = document.createElement('p');
  how.className = 'hint call';
  // Both sides make the same `call`, unless webweft's differs (`oursCall`).
  if (oursCall) {
    how.innerHTML = 'webweft runs <code></code>; <span></span> runs <code></code>';
    how.children[0].textContent = oursCall;
    how.children[1].textContent = browserName;
    how.children[2].textContent = call;
  } else {
    how.innerHTML = 'Both run <code></code>';
    how.firstElementChild.textContent = call;
  }
  const table = document.createElement('table');
  table.innerHTML = `<thead><tr><th scope="col">field</th><th scope="col">webweft</th><th scope="col"></th></tr></thead><tbody></tbody>`;
  table.querySelector('th:last-child').textContent = browserName;
  const diffs = [];
  for (const { field, ours, native, compared = true } of rows) {
    const tr = document.createElement('tr');
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = field;
    tr.append(th);
    for (const value of [ours, native]) {
      const td = document.createElement('td');
      td.textContent = shown(value);
      if (value === '') td.classList.add('empty');
      tr.append(td);
    }
    if (compared && ours !== native) {
      tr.dataset.diff = field;
      diffs.push(field);
    }
    table.tBodies[0].append(tr);
  }
  const line = document.createElement('p');
  line.className = diffs.length ? 'verdict differs' : 'verdict same';
  line.textContent = diffs.length ? verdict(diffs) : `Same result: ${browserName}'s ${api} agrees with webweft here.`;
  container.append(heading, how, table, line);
  if (note) {
    const hint = document.createElement('p');
    hint.className = 'hint';
    hint.textContent = note;
    container.append(hint);
  }
  return diffs;
}

/** An exception as the comparison shows it: its name only (messages differ by design). */
export const errorName = (error) => `throws ${error?.name ?? 'an exception'}`;
