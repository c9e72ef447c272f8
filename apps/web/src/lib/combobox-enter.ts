/**
 * Enter in an open select takes the option the list shows as marked.
 *
 * Mantine's combobox (9.7) keeps the marked option's place in a ref beside the DOM mark, and a timer
 * it sets when the list opens later writes "the chosen option's place" into that ref: -1 when nothing
 * is chosen yet. A searchable select that opens because the officer typed marks its first match
 * before that timer runs, so after one letter, a paste or a quick phone keyboard, the first match
 * was marked on screen and Enter did nothing (found by the e2e suite under load; reproduced every
 * time by focusing the training's department, pasting "Maternal" and pressing Enter). What a person
 * sees marked is what Enter must take, so Enter is answered here, before React's handlers, from the
 * DOM mark. With nothing marked the event goes on to Mantine unchanged.
 */
export function enterTakesMarkedOption(doc: Document): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    // 229: a phone keyboard still composing (Mantine skips these too).
    if (event.key !== 'Enter' || event.isComposing || event.keyCode === 229) return;
    const target = event.target;
    if (!(target instanceof HTMLElement) || target.getAttribute('aria-expanded') !== 'true') return;
    const listId = target.getAttribute('aria-controls');
    const list = listId ? doc.getElementById(listId) : null;
    const marked = list?.querySelector<HTMLElement>('[data-combobox-option][data-combobox-selected]');
    if (!marked || marked.hasAttribute('data-combobox-disabled')) return;
    // Not Mantine's handler as well: it would click the option its ref names, perhaps another one.
    event.preventDefault();
    event.stopPropagation();
    marked.click();
  };
  doc.addEventListener('keydown', onKeyDown, true);
  return () => doc.removeEventListener('keydown', onKeyDown, true);
}
