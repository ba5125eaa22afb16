/** The picker's colour: the product's accent, readable over light and dark pages. */
const ACCENT = '#6d4aff';

/**
 * A CSS selector that finds `element` again on a later visit: the nearest ancestor with a unique id, then tag names
 * with :nth-of-type down to it.
 */
export function selectorFor(element: Element): string {
  const doc = element.ownerDocument;
  const parts: string[] = [];
  let current: Element | null = element;
  while (current && current !== doc.documentElement) {
    if (current.id) {
      const byId = `#${CSS.escape(current.id)}`;
      if (doc.querySelectorAll(byId).length === 1) {
        parts.unshift(byId);
        break;
      }
    }
    const tag = current.tagName.toLowerCase();
    const parent: Element | null = current.parentElement;
    const same = parent ? [...parent.children].filter((child) => child.tagName === current?.tagName) : [];
    parts.unshift(same.length > 1 ? `${tag}:nth-of-type(${same.indexOf(current) + 1})` : tag);
    current = parent;
  }
  return parts.join(' > ');
}

/**
 * Lets the user click one element of the page: an outline follows the pointer, a bar says what to do, Escape
 * cancels. The click goes to the picker, not to the page. Resolves with the element, or null when cancelled.
 */
export function pickElement(win: Window): Promise<Element | null> {
  const doc = win.document;
  const outline = doc.createElement('div');
  outline.style.cssText = `position:fixed;z-index:2147483647;pointer-events:none;border:2px solid ${ACCENT};background:${ACCENT}22;border-radius:3px;display:none`;
  const bar = doc.createElement('div');
  bar.setAttribute('role', 'status');
  bar.textContent = 'Click the element to hide in recordings of this site · Esc to cancel';
  bar.style.cssText = `position:fixed;z-index:2147483647;top:12px;left:50%;transform:translateX(-50%);pointer-events:none;background:#16161d;color:#fff;font:500 14px/1.4 system-ui,sans-serif;padding:8px 14px;border-radius:8px;box-shadow:0 4px 16px #0005;border:1px solid ${ACCENT}`;
  doc.documentElement.append(outline, bar);
  const controller = new AbortController();
  const options = { capture: true, signal: controller.signal } as const;
  let hovered: Element | null = null;

  return new Promise((resolve) => {
    const finish = (element: Element | null) => {
      controller.abort();
      outline.remove();
      bar.remove();
      resolve(element);
    };
    const swallow = (event: Event) => {
      event.preventDefault();
      event.stopImmediatePropagation();
    };
    win.addEventListener(
      'pointermove',
      (event) => {
        hovered = doc.elementFromPoint(event.clientX, event.clientY);
        if (!hovered) return;
        const rect = hovered.getBoundingClientRect();
        Object.assign(outline.style, {
          display: 'block',
          left: `${rect.left - 2}px`,
          top: `${rect.top - 2}px`,
          width: `${rect.width}px`,
          height: `${rect.height}px`,
        });
      },
      options,
    );
    for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup'])
      win.addEventListener(type, swallow, options);
    win.addEventListener(
      'click',
      (event) => {
        swallow(event);
        finish(doc.elementFromPoint(event.clientX, event.clientY) ?? hovered);
      },
      options,
    );
    win.addEventListener(
      'keydown',
      (event) => {
        if (event.key !== 'Escape') return;
        swallow(event);
        finish(null);
      },
      options,
    );
  });
}
