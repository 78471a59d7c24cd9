import { useEffect } from 'react';
import { documentTitle, type PageHead } from '../config/page-heads';
import { showDocumentTitle } from './use-document-title';

/** The head element `tag` whose `key` attribute is `name`, made if the page has none, given `value`. */
function setHeadTag(tag: 'meta' | 'link', key: 'name' | 'property' | 'rel', name: string, valueAttribute: 'content' | 'href', value: string) {
  let element = document.head.querySelector(`${tag}[${key}="${name}"]`);
  if (!element) {
    element = document.createElement(tag);
    element.setAttribute(key, name);
    document.head.appendChild(element);
  }
  element.setAttribute(valueAttribute, value);
}

/** A public page's title, description, canonical URL and social preview tags, kept in the document while it shows. */
export function usePageHead(head: PageHead) {
  useEffect(() => {
    const title = documentTitle(head.title);
    const url = new URL(head.path, window.location.origin).href;
    showDocumentTitle(title);
    setHeadTag('meta', 'name', 'description', 'content', head.description);
    setHeadTag('link', 'rel', 'canonical', 'href', url);
    setHeadTag('meta', 'property', 'og:title', 'content', title);
    setHeadTag('meta', 'property', 'og:description', 'content', head.description);
    setHeadTag('meta', 'property', 'og:url', 'content', url);
    // Signed-in pages are not anyone's canonical copy of this one.
    return () => document.head.querySelector('link[rel="canonical"]')?.remove();
  }, [head]);
}
