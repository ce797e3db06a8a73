/** The texts a user sees or hears: text nodes, placeholders and accessible labels. */
export const visibleTexts = (): string[] => {
  const texts: string[] = [];
  // A text with the search's matches marked is one text cut in pieces around <mark>: read it whole.
  const marked = new Set([...document.body.querySelectorAll('mark')].map((mark) => mark.parentElement));
  const read = new Set<Element | null>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement?.closest('[data-testid="location"], style, script')) continue;
    const whole = [...marked].find((holder) => holder?.contains(node));
    if (whole) {
      if (!read.has(whole)) texts.push(whole.textContent ?? '');
      read.add(whole);
      continue;
    }
    texts.push(node.textContent ?? '');
  }
  for (const element of document.body.querySelectorAll('[placeholder], [aria-label], [title]')) {
    for (const name of ['placeholder', 'aria-label', 'title']) texts.push(element.getAttribute(name) ?? '');
  }
  return texts.map((text) => text.trim()).filter((text) => text !== '');
};
