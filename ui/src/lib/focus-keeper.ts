// Keeps the keyboard's place when the focused element goes away. A button that is removed (an
// import's "Check row" once the row is fixed, a stage of a dialog replaced by the next) or turned
// off while it has the focus drops the focus to the page's body: the next Tab then starts from the
// top of the window, or from outside the dialog it was in, and a screen reader says nothing.
// Here the focus moves instead to the next control that was after it (in the same dialog, or the
// window when no dialog is open), else to the new content's [data-autofocus], else to the dialog
// itself, else to the control before it. A person who clicks elsewhere with the pointer has
// chosen where the focus goes: nothing is moved then.

const FOCUSABLE = 'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])';
const SCOPE = '[aria-modal="true"]';

interface Place {
  /** The scope's focusable elements when the focus last moved in it, in document order. */
  order: HTMLElement[];
  index: number;
}

function usable(el: HTMLElement): boolean {
  if (!el.isConnected || el.closest('[hidden], [inert], [aria-hidden="true"]')) return false;
  if ((el as HTMLButtonElement).disabled) return false;
  // Display none or visibility hidden: not reachable (where the engine can tell: jsdom cannot).
  return typeof el.checkVisibility === 'function' ? el.checkVisibility({ visibilityProperty: true }) : true;
}

/** Starts keeping the focus in `doc`; returns the function that stops it. */
export function keepFocus(doc: Document = document): () => void {
  const places = new Map<Element, Place>();
  let last: HTMLElement | null = null;

  const scopeOf = (el: Element): Element => el.closest(SCOPE) ?? doc.body;

  function onfocusin(event: FocusEvent) {
    const el = event.target;
    if (!(el instanceof HTMLElement)) return;
    const scope = scopeOf(el);
    const order = [...scope.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((e) => scopeOf(e) === scope);
    places.set(scope, { order, index: order.indexOf(el) });
    last = el;
  }

  function onpointerdown() {
    last = null;
  }

  function rescue() {
    // Lost: on the body, or on an element that is no longer shown (WebKit keeps the focus on an
    // element hidden by display: none).
    const active = doc.activeElement;
    const lost = !active || active === doc.body || (active instanceof HTMLElement && !usable(active));
    if (!lost || !last || usable(last)) return;
    const scopes = doc.querySelectorAll(SCOPE);
    const scope = scopes[scopes.length - 1] ?? doc.body;
    const place = places.get(scope);
    const after = place ? place.order.slice(place.index + 1) : [];
    const before = place && place.index > 0 ? place.order.slice(0, place.index).reverse() : [];
    const preferred = scope.querySelector<HTMLElement>('[data-autofocus]');
    const dialog = scope !== doc.body && scope instanceof HTMLElement && scope.hasAttribute('tabindex') ? scope : null;
    const target =
      after.find(usable) ?? (preferred && usable(preferred) ? preferred : null) ?? dialog ?? before.find(usable) ?? null;
    target?.focus();
  }

  // A removal or a `disabled` shows as a mutation; by the time the observer runs, the focus has left.
  const observer = new MutationObserver(rescue);
  observer.observe(doc.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['disabled', 'hidden', 'inert', 'aria-hidden', 'class'],
  });
  doc.addEventListener('focusin', onfocusin);
  doc.addEventListener('pointerdown', onpointerdown, true);
  return () => {
    observer.disconnect();
    doc.removeEventListener('focusin', onfocusin);
    doc.removeEventListener('pointerdown', onpointerdown, true);
  };
}
