/**
 * `webweft/whatwg-url/webidl2js-wrapper`: the webidl2js interface wrappers of URL and
 * URLSearchParams, as whatwg-url/webidl2js-wrapper exports them (jsdom's installInterfaces calls
 * `install(window, ['Window'])`).
 */
export interface InterfaceWrapper {
  /** Defines the interface (and, for URL under "Window", webkitURL) on `globalObject`. */
  install(globalObject: object, globalNames: string[]): void;
  /** Whether `value` is a wrapper of this interface. */
  is(value: unknown): boolean;
  /** Whether `value` is an implementation object of this interface. */
  isImpl(value: unknown): boolean;
  /** The implementation object behind a wrapper; a TypeError for anything else. */
  convert(globalObject: object, value: unknown, options?: { context?: string }): object;
  /** A new wrapper made in `globalObject` (where the interface is installed). */
  create(globalObject: object, constructorArgs?: unknown[], privateData?: object): object;
  /** A new implementation object made in `globalObject`. */
  createImpl(globalObject: object, constructorArgs?: unknown[], privateData?: object): object;
  setup(wrapper: object, globalObject: object, constructorArgs?: unknown[], privateData?: object): object;
  new(globalObject: object, newTarget?: Function): object;
  interfaceDescriptor: object;
}

export declare const URL: InterfaceWrapper;
export declare const URLSearchParams: InterfaceWrapper & {
  createDefaultIterator(globalObject: object, target: object, kind: 'key' | 'value' | 'key+value'): object;
};
