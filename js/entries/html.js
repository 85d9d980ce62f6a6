// `webweft/html`: HTML's microsyntaxes and encoding-parsing a URL.
export * from '../html.js';
export * from '#testing';
