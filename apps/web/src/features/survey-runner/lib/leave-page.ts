/** Goes to another site: the thank-you screen's redirect. */
export function leavePage(url: string): void {
  window.location.assign(url);
}
