/**
 * A request URL fit for the log: secrets that travel in URLs (a `token` query parameter such as a download
 * link's, the token of an email verification link) are replaced.
 */
export function redactUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]').replace(/(\/verify-email\/)[^/?#]+/i, '$1[redacted]');
}
