export * from 'webweft/whatwg-url';
