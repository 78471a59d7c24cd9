/**
 * antd's auto-sizing text areas measure their text in a hidden textarea of their own, added to the
 * page's body once and kept (`textarea[name="hiddenTextarea"]`, from @rc-component/input). It marks
 * itself `tab-index="-1"`, which is no attribute (react-component/textarea#80, fix not released), so
 * the keyboard stops on it, with no name, after the footer's last link, and axe reports an
 * aria-hidden element that takes the focus. This takes it out of the tab order when it appears.
 */
export function keepMeasuringTextareaOutOfTabOrder(body: HTMLElement = document.body): () => void {
  const fix = (node: Node) => {
    if (node instanceof HTMLTextAreaElement && node.name === 'hiddenTextarea') node.tabIndex = -1;
  };
  body.childNodes.forEach(fix);
  const observer = new MutationObserver((changes) => changes.forEach((change) => change.addedNodes.forEach(fix)));
  observer.observe(body, { childList: true });
  return () => observer.disconnect();
}
