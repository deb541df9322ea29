// On a phone (the style sheets' `@media (max-width: 760px)`) some panels come after the ones
// that follow them in the markup: why the scores are not exact, the search offer and the solve
// panel after the board and its controls, the puzzles after the move list and the coach, Learn's
// list of lessons after the lesson. The style sheet puts them there (`.phone-last`: `order`),
// but the keyboard's Tab order and screen readers follow the document, not `order`. So the
// panels marked `phone-last` in index.html are moved in the document too: last in their
// parent while the phone layout applies, back to their place in the markup otherwise. (The
// style sheet's `order` stays: it lays the page out right before this module has run.)

/** The phone layout's media query, as the style sheets write it. */
const PHONE = matchMedia('(max-width: 760px)');

// Each panel with its place in the markup, kept by an empty comment node it returns after.
const panels = [...document.querySelectorAll('.phone-last')].map((panel) => {
  const place = document.createComment('');
  panel.before(place);
  return { panel, place };
});

/** Puts the panels where the layout shows them; a control that had the focus keeps it. */
function arrange() {
  const focused = document.activeElement;
  for (const { panel, place } of panels) {
    if (PHONE.matches) panel.parentElement.append(panel);
    else place.after(panel);
  }
  if (focused && document.activeElement !== focused) focused.focus({ preventScroll: true });
}

if (PHONE.matches) arrange();
PHONE.addEventListener('change', arrange);
