// `webweft/data-urls`: the data-urls package's API, named (the package's module.exports, a
// function with `fromURLRecord`, is `parseDataURL` here): URLs parsed and records serialized by
// the whatwg-url area (whatwg-url's records), processed by the mimesniff area's data: URL
// processor (so its MIME types are webweft/whatwg-mimetype's MIMEType).
import { dataURLProcessor } from '#area/mimesniff';
import { parseURL, serializeURL } from '#area/whatwg-url-core';

/** data-urls' fromURLRecord: `{ mimeType, body }` for a data: URL record, else null. */
export function fromURLRecord(urlRecord) {
  return urlRecord.scheme === 'data' ? dataURLProcessor(serializeURL(urlRecord, true)) : null;
}

/** data-urls' function: parse `stringInput` as a URL, then process it as a data: URL. */
export function parseDataURL(stringInput) {
  const urlRecord = parseURL(stringInput);
  return urlRecord === null ? null : fromURLRecord(urlRecord);
}
parseDataURL.fromURLRecord = fromURLRecord;
