// whatwg-url/webidl2js-wrapper: webweft's interface wrappers of URL and URLSearchParams.
export * from 'webweft/whatwg-url/webidl2js-wrapper';
