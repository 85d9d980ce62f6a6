// `webweft/mimesniff`: the MIME Sniffing Standard (MIME type records, the groups, the computed
// MIME type of a resource).
export * from '../mimesniff.js';
export * from '#testing';
