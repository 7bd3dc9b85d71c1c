import { matchPublicPath } from '@/features/survey-runner/public-paths';
import { showLoadFailure, startPublicPage } from './public-boot';
import './index.css';

// The entry stays tiny and picks one of two apps by address:
// - a public survey or its thank-you page gets React and the runner only, and the survey's data
//   is requested at once, while that code downloads. The built server sends public-survey.html
//   there instead (the same runner with Preact, public-main.tsx), so this branch serves the
//   development server and a build without that page (docs/performance.md, "Public page");
// - every other address gets the whole SPA (app/app-root.tsx: router, TanStack Query, session),
//   which still routes to the runner when someone navigates there inside the app.
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element to mount into');
const match = matchPublicPath(window.location.pathname);

if (match) {
  startPublicPage(root, match);
} else {
  import('@/app/app-root').then(
    (m) => m.mountApp(root),
    () => showLoadFailure(root),
  );
}
