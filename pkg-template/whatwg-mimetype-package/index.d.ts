export * from 'webweft/whatwg-mimetype';
