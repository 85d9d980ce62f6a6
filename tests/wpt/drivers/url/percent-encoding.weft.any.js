// weft's driver for url/resources/percent-encoding.json. Upstream's url/percent-encoding.window.js
// loads a document in each encoding (a server script) and reads an <a href="?…#…"> in it; a
// library has neither, so this driver parses the same relative reference against a special
// URL with webweft.parseURL(input, base, {encoding}), the document encoding as the query's
// encoding, and checks upstream's two assertions (the fragment is always UTF-8; the query uses
// the encoding). Same test names as upstream.
promise_test(
  () =>
    fetch('resources/percent-encoding.json')
      .then((res) => res.json())
      .then(runTests),
  'Loading data…',
);

function runTests(testUnits) {
  for (const testUnit of testUnits) {
    // Ignore comments
    if (typeof testUnit === 'string') {
      continue;
    }
    for (const encoding of Object.keys(testUnit.output)) {
      test(() => {
        const value = testUnit.input;
        const { url } = webweft.parseURL(`?${value}#${value}`, 'https://example.test/', { encoding });
        // Test that the fragment is always UTF-8 encoded
        assert_equals(url.hash, `#${testUnit.output['utf-8']}`, 'fragment');
        assert_equals(url.search, `?${testUnit.output[encoding]}`, 'query');
      }, `Input ${testUnit.input} with encoding ${encoding}`);
    }
  }
}
