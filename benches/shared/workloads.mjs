// The URL workloads, the same in Node and in the browser page. One op = one pass over the
// corpus (or the workload), so the ratios are what to read.

/** new URL(x) and read href and pathname, for every URL (failures caught and counted). */
export function parseAll(URLClass, urls) {
  return () => {
    let length = 0;
    for (const input of urls) {
      try {
        const url = new URLClass(input);
        length += url.href.length + url.pathname.length;
      } catch {
        length++;
      }
    }
    return length;
  };
}

export function canParseAll(URLClass, urls) {
  return () => {
    let n = 0;
    for (const input of urls) if (URLClass.canParse(input)) n++;
    return n;
  };
}

/** The query strings of the URLs that have one. */
export const queriesOf = (urls) => urls.filter((u) => u.includes('?')).map((u) => u.slice(u.indexOf('?') + 1).split('#')[0]);

/** Query strings: parse, read, modify, serialize; then build 100 pairs. */
export function searchParamsWorkload(Params, queries) {
  return () => {
    let length = 0;
    for (const query of queries) {
      const params = new Params(query);
      params.append('utm_source', 'bench mark');
      params.set('page', '2');
      length += params.toString().length + params.size;
    }
    const built = new Params();
    for (let i = 0; i < 100; i++) built.append(`key${i}`, `value ${i} ü`);
    return length + built.toString().length;
  };
}

/** Every URL of the corpus text files (one per line; the first file starts with a BOM). */
export const urlsOf = (texts) =>
  texts.flatMap((text) =>
    text
      .replace(/^\uFEFF/, '')
      .split('\n')
      .filter((line) => line !== ''),
  );

// Folder of BENCH_DATA_DIR/legacy-encoded/chardet-tests → WHATWG label, summary row.
export const legacyWorkloads = [
  ['SHIFT_JIS', 'shift_jis', 'decode Shift_JIS pages / native'],
  ['EUC-JP', 'euc-jp', 'decode EUC-JP pages / native'],
  ['EUC-KR', 'euc-kr', 'decode EUC-KR pages / native'],
  ['GB2312', 'gbk', 'decode GBK pages / native'],
  ['Big5', 'big5', 'decode Big5 pages / native'],
  ['KOI8-R', 'koi8-r', 'decode KOI8-R pages / native'],
  ['windows-1251-russian', 'windows-1251', 'decode windows-1251 pages / native'],
];

/** btoa of a Latin1 string and atob of its base64, weft's against the host's (Node and browser). */
export function compareAtobBtoa(compare, weft, { latin1, encoded, bytes }) {
  compare(
    'btoa of a 1 MiB Latin1 string',
    {
      'weft.btoa': () => weft.btoa(latin1),
      'native btoa': () => btoa(latin1),
    },
    { bytes, summary: { 'btoa 1 MiB / native': ['weft.btoa', 'native btoa'] } },
  );
  compare(
    'atob to a 1 MiB Latin1 string',
    {
      'weft.atob': () => weft.atob(encoded),
      'native atob': () => atob(encoded),
    },
    { bytes, summary: { 'atob 1 MiB / native': ['weft.atob', 'native atob'] } },
  );
}
