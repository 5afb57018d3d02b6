import './public/site.css';
import { holdClicksUntil, replayEditsAfter } from './app/intent';
import { startApp } from './main';
import { trackArrival } from './shared/tracking/analytics';
import { reportWebVitals } from './shared/tracking/webVitals';

/*
 * The page's entry. A prerendered public page is complete without the app and styled by the
 * site's stylesheet; its scripts (React, the app, the page's chunk) load with it and hydrate it as
 * soon as they arrive (docs/decisions/0105-public-pages-load-their-code-at-once.md). A tap or
 * text typed in the moment before is kept and handed to the app. The admin's shell is empty and
 * renders the app at once.
 */
if (document.getElementById('root')!.firstElementChild) {
  trackArrival();
  reportWebVitals();
  const ready = startApp();
  holdClicksUntil(ready);
  replayEditsAfter(ready);
} else {
  void startApp();
}
