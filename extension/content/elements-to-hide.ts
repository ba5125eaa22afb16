import type { RedactionKind } from '../../shared/redaction/redaction';
import { REDACT_ATTRIBUTE, SENSITIVE_SELECTOR, sensitiveKindOf } from '../../shared/redaction/sensitive-kind';

/** Attributes whose change can make an element sensitive or not. */
const KIND_ATTRIBUTES = new Set(['type', 'autocomplete', REDACT_ATTRIBUTE]);

/** A tree searched for elements to hide: the document, or an open shadow root in it. */
type SearchRoot = Document | ShadowRoot;

/**
 * The elements of a page that must not be seen, and why: the sensitive ones (see sensitive-kind.ts) in the document
 * and its open shadow roots, and the ones the user picked (the site's selectors, run on the document). Kept up to
 * date by scans that look only at what changed since the last one (see RedactionTracker).
 */
export class ElementsToHide {
  private selectors: readonly string[] = [];
  /** The sensitive elements found (picked ones aside), and why, as of the last scan. */
  private readonly found = new Map<Element, RedactionKind>();
  /** The picked elements, as of the last time the selectors ran. */
  private picked = new Set<Element>();
  /** Trees to search whole at the next scan: the document at the start, each shadow root when found. */
  private readonly unsearched = new Set<SearchRoot>();
  /** Subtrees the page added, and elements whose kind attributes changed, since the last scan. */
  private readonly added = new Set<Element>();
  private readonly changedKind = new Set<Element>();
  /** Whether the picked selectors are to run again (they changed, or the document's structure did). */
  private picksDue = false;
  /** Inputs seen as password fields: they stay password fields when the page shows them as text. */
  private readonly passwords = new Set<Element>();

  constructor(private readonly win: Window) {}

  /** Whether something changed that the next scan is to look at. */
  get scanDue(): boolean {
    return this.unsearched.size > 0 || this.added.size > 0 || this.changedKind.size > 0 || this.picksDue;
  }

  usePicks(selectors: readonly string[]): void {
    this.selectors = selectors;
    this.picksDue = true;
  }

  /** Searches `root` whole at the next scan. */
  searchWhole(root: SearchRoot): void {
    this.unsearched.add(root);
  }

  /** Looks at the subtree the page added at the next scan. */
  addedSubtree(subtree: Element): void {
    this.added.add(subtree);
  }

  /** The children of `target` changed. */
  structureChanged(target: Node): void {
    // A picked selector (nth-of-type…) can start or stop matching when the document's structure changes.
    if (this.selectors.length > 0 && target.getRootNode() === this.win.document) this.picksDue = true;
  }

  /** An attribute changed (a mutation record of type 'attributes'): looked at by the next scan if a kind one. */
  attributeChanged(record: MutationRecord): void {
    if (!KIND_ATTRIBUTES.has(record.attributeName ?? '')) return;
    const element = record.target as Element;
    // Caught here too, not only by a scan, for a page that shows a password field it has just added.
    if (record.attributeName === 'type' && record.oldValue?.toLowerCase() === 'password') this.passwords.add(element);
    this.changedKind.add(element);
  }

  /** Finds the elements to hide now, from what changed since the last scan, in the document and `shadowRoots`. */
  scan(shadowRoots: ReadonlySet<ShadowRoot>): void {
    const doc = this.win.document;
    for (const root of this.unsearched) {
      if (root === doc || shadowRoots.has(root as ShadowRoot)) {
        for (const element of root.querySelectorAll(SENSITIVE_SELECTOR)) this.consider(element);
      }
    }
    for (const subtree of this.added) {
      if (!subtree.isConnected) continue;
      this.consider(subtree);
      for (const element of subtree.querySelectorAll(SENSITIVE_SELECTOR)) this.consider(element);
    }
    for (const element of this.changedKind) this.consider(element);
    this.unsearched.clear();
    this.added.clear();
    this.changedKind.clear();
    for (const element of this.found.keys()) if (!element.isConnected) this.found.delete(element);
    for (const password of this.passwords) if (!password.isConnected) this.passwords.delete(password);
    if (this.picksDue) {
      this.picksDue = false;
      this.picked = new Set();
      for (const selector of this.selectors) {
        try {
          for (const element of doc.querySelectorAll(selector)) this.picked.add(element);
        } catch {
          // A selector the page's structure no longer fits is skipped.
        }
      }
    }
  }

  /** Why `element` is to be hidden, as of the last scan; null when it is not. */
  kindOf(element: Element): RedactionKind | null {
    return this.found.get(element) ?? (this.picked.has(element) ? 'picked' : null);
  }

  /** The elements to hide as of the last scan: the sensitive ones found, then the picked ones. */
  all(): Element[] {
    return [...this.found.keys(), ...this.picked];
  }

  /** Notes whether `element` is one to hide now, and why (an input seen as a password field stays one). */
  private consider(element: Element): void {
    const type = (element as HTMLInputElement).type;
    if (element.tagName === 'INPUT' && type?.toLowerCase() === 'password') this.passwords.add(element);
    const kind = element.isConnected
      ? sensitiveKindOf({
          tagName: element.tagName,
          type,
          autocomplete: element.getAttribute('autocomplete'),
          marked: element.hasAttribute(REDACT_ATTRIBUTE),
          wasPassword: this.passwords.has(element),
        })
      : null;
    if (kind) this.found.set(element, kind);
    else this.found.delete(element);
  }
}
