// `webweft/urlpattern`: the URL Pattern Standard's URLPattern (its own wasm, with its own copy of
// the URL parser that canonicalizes patterns and inputs).
export { URLPattern } from '../urlpattern.js';
