// The data-urls package's API (its default export and `fromURLRecord`) over Fetch's data: URL
// processor in the whatwg-url unit (src/bindings/data_url.rs): a URL record (whatwg-url's, as
// this area's parser makes them) serialized with exclude fragment, processed in wasm; the MIME
// type as the mimesniff area's MIMEType (whatwg-mimetype's class in the drop-in).
import { dataURLBody, dataURLProcess } from '#glue';
import { MIMEType } from '#area/mimesniff';
import { readBytes, readLatin1, writeString } from '../io.js';
import { parseURL, serializeURL } from './records.js';

/** data-urls' fromURLRecord: `{ mimeType, body }` for a data: URL record, else null. */
export function fromURLRecord(urlRecord) {
  if (urlRecord.scheme !== 'data') return null;
  const length = dataURLProcess(writeString(serializeURL(urlRecord, true)));
  if (length === -1) return null;
  const mimeType = new MIMEType(readLatin1(length));
  return { mimeType, body: readBytes(dataURLBody()) };
}

/** data-urls' default export: parse `stringInput` as a URL, then as a data: URL. */
export function parseDataURL(stringInput) {
  const urlRecord = parseURL(stringInput);
  return urlRecord === null ? null : fromURLRecord(urlRecord);
}
parseDataURL.fromURLRecord = fromURLRecord;
