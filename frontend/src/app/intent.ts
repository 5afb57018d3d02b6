/*
 * The moment between the prerendered page's first paint and the app taking it over: what the
 * visitor does meanwhile is kept and handed to the app.
 */

/** Controls that do nothing without the app's code. Links work as they are: ordinary links. */
const APP_CONTROLS =
  'button, [role="button"], [role="tab"], [role="switch"], input[type="checkbox"], input[type="radio"], input[type="submit"]';

/**
 * Until `ready` settles, a click on a control only the app can answer is held back, and the first
 * one is clicked again once the app has taken over the page: a tap before hydration is not lost.
 */
export function holdClicksUntil(ready: Promise<unknown>): void {
  let held: HTMLElement | undefined;
  const hold = (event: MouseEvent) => {
    const control =
      event.target instanceof Element ? event.target.closest<HTMLElement>(APP_CONTROLS) : null;
    // The cookie banner, outside the app's root, answers with its own script.
    if (!control?.closest('#root')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    // A second tap while the code loads would act on a page the first one has changed.
    held ??= control;
  };
  document.addEventListener('click', hold, true);
  const release = () => document.removeEventListener('click', hold, true);
  ready.then(() => {
    release();
    if (held?.isConnected) held.click();
  }, release);
}

type Field = HTMLInputElement | HTMLTextAreaElement;

const isEditableField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLTextAreaElement ||
  (target instanceof HTMLInputElement && target.type !== 'checkbox' && target.type !== 'radio');

/**
 * Tells the app, once `ready` resolves, what the visitor typed or picked into fields before it
 * took over the page: hydration keeps the text on screen but not in the app's state, and the
 * app's first render after it may even clear the field.
 */
export function replayEditsAfter(ready: Promise<unknown>): void {
  const edited = new Map<Field, string>();
  const note = (event: Event) => {
    if (isEditableField(event.target)) edited.set(event.target, event.target.value);
  };
  document.addEventListener('input', note, true);
  document.addEventListener('change', note, true);
  const release = () => {
    document.removeEventListener('input', note, true);
    document.removeEventListener('change', note, true);
  };
  ready.then(() => {
    release();
    for (const [field, value] of edited) if (field.isConnected) replayEdit(field, value);
  }, release);
}

function replayEdit(field: Field, typed: string): void {
  if (field instanceof HTMLInputElement && field.type === 'file') {
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  // React notices an edit by comparing the value with the last one it saw, which it updates
  // through the element's own `value` property; the prototype's setter leaves that copy alone.
  field.value = '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
