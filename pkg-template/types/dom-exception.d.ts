/**
 * WebIDL's DOMException: the host's where it has one, else webweft's own (WebIDL §2.8.1: name,
 * message, code and the legacy code constants), which webweft's errors are.
 */
export const DOMException: typeof globalThis extends { DOMException: infer D } ? D : {
  new (message?: string, name?: string): Error & { readonly name: string; readonly message: string; readonly code: number };
  readonly prototype: Error & { readonly name: string; readonly message: string; readonly code: number };
};
