// The app's route table, so the tests name the addresses they open and expect instead of spelling them.
export { areaPaths, homePath, loginPath, matchRoute, paths } from '../../apps/web/src/config/paths';

/** Matches a page URL whose path is exactly `href` (any origin, no query or fragment). */
export function atPath(href: string): RegExp {
  return new RegExp(`^[a-z]+://[^/]+${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}
