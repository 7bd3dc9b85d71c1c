import { matchPublicPath } from '@/features/survey-runner/public-paths';
import { showLoadFailure, startPublicPage } from './public-boot';
import './index.css';

// The entry of public-survey.html, the page the server sends for a public survey and its thank-you
// page. It is built apart from the app, with Preact in place of React (vite.config.ts, mode
// "public"; docs/decisions/038-public-page-on-preact.md): the page anyone with the link opens must be
// fast on a phone (docs/performance.md, "Public page"). Like main.tsx it stays tiny and requests the
// survey at once, while the page's code downloads.
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element to mount into');
const match = matchPublicPath(window.location.pathname);

// The server sends this page for a public survey's addresses only, so `match` is always set there.
if (match) startPublicPage(root, match);
else showLoadFailure(root);
