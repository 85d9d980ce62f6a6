// weft's driver for url/resources/toascii.json. Upstream's url/toascii.window.js runs each
// case through `new URL()`, `URL.host` and `URL.hostname`, and the same three again through
// the HTML <a> and <area> elements; a library has no HTML elements, so this driver runs the
// URL cases only, with upstream's test names and assertions (assert_throws(new TypeError) as
// assert_throws_js).
promise_test(
  () =>
    fetch('resources/toascii.json')
      .then((res) => res.json())
      .then(runTests),
  'Loading data…',
);

function makeURL(input) {
  return new URL('https://' + input + '/x');
}

function runTests(tests) {
  for (const hostTest of tests) {
    if (typeof hostTest === 'string') {
      continue; // skip comments
    }
    test(() => {
      if (hostTest.output !== null) {
        const url = makeURL(hostTest.input);
        assert_equals(url.host, hostTest.output);
        assert_equals(url.hostname, hostTest.output);
        assert_equals(url.pathname, '/x');
        assert_equals(url.href, 'https://' + hostTest.output + '/x');
      } else {
        assert_throws_js(TypeError, () => makeURL(hostTest.input));
      }
    }, hostTest.input + ' (using URL)');
    for (const val of ['host', 'hostname']) {
      test(
        () => {
          const url = makeURL('x');
          url[val] = hostTest.input;
          if (hostTest.output !== null) {
            assert_equals(url[val], hostTest.output);
          } else {
            assert_equals(url[val], 'x');
          }
        },
        hostTest.input + ' (using URL.' + val + ')',
      );
    }
  }
}
