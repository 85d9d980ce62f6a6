// The URL Standard's IDL (§6.1), with two changes for webidl2js (as whatwg-url has them): it
// takes no [Exposed=*], so the globals are listed; and [WebIDL2JSCallWithGlobal] passes the
// global object to URL.parse, whose result is made in that global.
[Exposed=(Window,Worker),
 LegacyWindowAlias=webkitURL]
interface URL {
  constructor(USVString url, optional USVString base);

  [WebIDL2JSCallWithGlobal] static URL? parse(USVString url, optional USVString base);
  static boolean canParse(USVString url, optional USVString base);

  stringifier attribute USVString href;
  readonly attribute USVString origin;
           attribute USVString protocol;
           attribute USVString username;
           attribute USVString password;
           attribute USVString host;
           attribute USVString hostname;
           attribute USVString port;
           attribute USVString pathname;
           attribute USVString search;
  [SameObject] readonly attribute URLSearchParams searchParams;
           attribute USVString hash;

  USVString toJSON();
};
