// whatwg-mimetype's API: webweft's (the flavour webweft's exports map picks for this host).
export * from 'webweft/whatwg-mimetype';
