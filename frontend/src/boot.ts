import { holdClicksUntil, onFirstIntent, replayEditsAfter } from './app/intent';
import { loadChunk } from './app/reloadForChunk';
import { trackArrival } from './shared/tracking/analytics';

/*
 * The page's only eager script. A prerendered public page is complete without the app: text,
 * pictures and links work as they are. The app's code (React, MUI, the page's chunk) loads at the
 * visitor's first sign of using the page and then hydrates the markup, so nothing competes with
 * the first paint and the main thread stays free until someone is there to use it. The admin's
 * shell is empty and starts the app at once.
 */
const startApp = () => loadChunk(() => import('./main')).then((main) => main.startApp());

if (document.getElementById('root')!.firstElementChild) {
  trackArrival();
  const ready = new Promise<void>((resolve, reject) =>
    onFirstIntent(() => startApp().then(resolve, reject)),
  );
  holdClicksUntil(ready);
  replayEditsAfter(ready);
} else {
  void startApp();
}
