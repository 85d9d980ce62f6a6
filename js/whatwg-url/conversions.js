// The WebIDL conversions the generated wrappers (generated/*.js) call, in place of the
// webidl-conversions package that webidl2js's output requires (tools/whatwg_url_wrapper/ points
// the generated files here): the same results and the same TypeErrors, made in the wrapper's
// global (`options.globals`), for the types URL and URLSearchParams use.
import { toUSVString } from '../webidl.js';

function exception(ErrorType, message, options) {
  if (options.globals) ErrorType = options.globals[ErrorType.name];
  return new ErrorType(`${options.context ? options.context : 'Value'} ${message}.`);
}

export function any(value) {
  return value;
}

export function DOMString(value, options = {}) {
  if (options.treatNullAsEmptyString && value === null) return '';
  if (typeof value === 'symbol') throw exception(TypeError, 'is a symbol, which cannot be converted to a string', options);
  const StringConstructor = options.globals ? options.globals.String : String;
  return StringConstructor(value);
}

export function USVString(value, options = {}) {
  // (A string: toUSVString only replaces its lone surrogates.)
  return toUSVString(DOMString(value, options));
}
