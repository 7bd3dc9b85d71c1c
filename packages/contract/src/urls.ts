// Free of zod on purpose: the public survey page checks a thank-you redirect with it.

/** Whether `value` is an absolute http(s) URL with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** `http://` or `https://` as written, then the authority up to the first `/`, `?` or `#`. */
const TYPED_AUTHORITY = /^(https?):\/\/([^/?#]*)/i;
/**
 * An authority an author can read: a host name (letters of any script, digits, `.`, `-`, `_`) or a bracketed IPv6
 * address, then an optional port. No `@` (credentials), `\` (read as `/` by browsers), `%` (decoded by them),
 * spaces or control characters (dropped by them), so the browser cannot go elsewhere than what the text shows.
 */
const READABLE_AUTHORITY = /^(\[[0-9a-f:.]+\]|[\p{L}\p{M}\p{N}._-]+)(?::(\d{1,5}))?$/iu;
const DEFAULT_PORTS: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443' };

/**
 * Whether a thank-you redirect may be followed: an absolute `http://` or `https://` URL, as written, whose host
 * is the one its text shows. The WHATWG URL parser (what the browser follows) must read back the same host and
 * port, with no user name or password. So `https:evil.example`, `http:\\evil.example`, `//evil.example`,
 * `https://a@evil.example`, `https://evil.example\@good.example` and `https://good.example%2f@evil` are refused,
 * and `https://bücher.example/` is the same host as its punycode `xn--bcher-kva.example`. The server checks it on
 * save and the public page again before following a redirect.
 */
export function isSafeRedirectUrl(text: string): boolean {
  const typed = TYPED_AUTHORITY.exec(text);
  const authority = typed?.[2] ? READABLE_AUTHORITY.exec(typed[2]) : null;
  if (!typed || !authority) return false;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.protocol !== `${typed[1]!.toLowerCase()}:` || url.username !== '' || url.password !== '') return false;
  const [, typedHost = '', typedPort] = authority;
  // The scheme's own port reads back as none.
  const port =
    typedPort === undefined || Number(typedPort) === Number(DEFAULT_PORTS[url.protocol])
      ? ''
      : String(Number(typedPort));
  if (url.hostname === '' || url.port !== port) return false;
  // An ASCII host reads back as written, lower-cased.
  if (/^\p{ASCII}*$/u.test(typedHost)) return url.hostname === typedHost.toLowerCase();
  // A name in another script reads back as its punycode: the same name, written for DNS.
  return url.hostname === hostnameOf(`${url.protocol}//${typedHost}`);
}

function hostnameOf(origin: string): string | undefined {
  try {
    return new URL(origin).hostname;
  } catch {
    return undefined;
  }
}
