/**
 * A request URL fit for the log: secrets that travel in URLs (a `token` query parameter such as a download
 * link's or a password reset page's, the token of an email verification link — the API's and the web page's
 * `/verify/<token>` —, the `code` and `state` a single sign-on brings back from the identity provider, the token of
 * a shared results report — the page's `/shared/results/<token>` and the API's) are replaced.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|code|state)=)[^&#]*/gi, '$1[redacted]')
    .replace(/(\/verify(?:-email)?\/)[^/?#]+/i, '$1[redacted]')
    .replace(/(\/shared\/results\/)[^/?#]+/i, '$1[redacted]');
}
