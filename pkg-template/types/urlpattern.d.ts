/** The `URLPatternInit` dictionary: each component's pattern (or input), and a base URL. */
export interface URLPatternInit {
  protocol?: string;
  username?: string;
  password?: string;
  hostname?: string;
  port?: string;
  pathname?: string;
  search?: string;
  hash?: string;
  baseURL?: string;
}

/** `URLPatternInput`: a constructor string (or URL string), or a `URLPatternInit`. */
export type URLPatternInput = string | URLPatternInit;

/** The `URLPatternOptions` dictionary. */
export interface URLPatternOptions {
  /** Match the pathname, search and hash case-insensitively. */
  ignoreCase?: boolean;
}

/** One component's match: its input and each group's value (undefined if it did not match). */
export interface URLPatternComponentResult {
  input: string;
  groups: Record<string, string | undefined>;
}

/** `exec`'s result: the inputs given, and each component's match. */
export interface URLPatternResult {
  inputs: URLPatternInput[];
  protocol: URLPatternComponentResult;
  username: URLPatternComponentResult;
  password: URLPatternComponentResult;
  hostname: URLPatternComponentResult;
  port: URLPatternComponentResult;
  pathname: URLPatternComponentResult;
  search: URLPatternComponentResult;
  hash: URLPatternComponentResult;
}

/**
 * The URL Pattern Standard's `URLPattern` class, WebIDL-exact. Components without custom regexp
 * groups match in time linear in the input; a custom group (`:id(\\d+)`) runs on an ECMAScript
 * regular expression engine with the `v` flag.
 */
export declare class URLPattern {
  /** From a constructor string (relative to `baseURL`) or a dictionary; a TypeError if invalid. */
  constructor(input: URLPatternInput, baseURL: string, options?: URLPatternOptions);
  constructor(input?: URLPatternInput, options?: URLPatternOptions);
  /** Whether the pattern matches the URL (relative to `baseURL`) or the dictionary's components. */
  test(input?: URLPatternInput, baseURL?: string): boolean;
  /** The match with each component's groups, or null. */
  exec(input?: URLPatternInput, baseURL?: string): URLPatternResult | null;
  /** Each component's normalized pattern string. */
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly hostname: string;
  readonly port: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  /** Whether a component has a custom regular expression group. */
  readonly hasRegExpGroups: boolean;
}
