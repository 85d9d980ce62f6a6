/**
 * `webweft/html-encoding-sniffer`: the html-encoding-sniffer package's API (its module.exports,
 * named `htmlEncodingSniffer`) over HTML's encoding sniffing algorithm.
 */
export interface HTMLEncodingSnifferOptions {
  /** WebKit's sniffing of XML documents instead of HTML's. */
  xml?: boolean;
  /** The label of the encoding the transport layer specifies (Content-Type's charset). */
  transportLayerEncodingLabel?: string;
  /** Returned as given when nothing else names an encoding ("windows-1252"; "UTF-8" for XML). */
  defaultEncoding?: string;
  /** How many bytes the HTML prescan reads (1024; Infinity for all; not in XML mode). */
  maxPrescanBytes?: number;
}

/** The name of the encoding of `uint8Array`, or `defaultEncoding`. */
export declare function htmlEncodingSniffer(uint8Array: Uint8Array, options?: HTMLEncodingSnifferOptions): string;
