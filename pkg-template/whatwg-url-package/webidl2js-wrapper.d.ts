export * from 'webweft/whatwg-url/webidl2js-wrapper';
