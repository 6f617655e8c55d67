import { useEffect, useState } from 'react';

/** How long a copy button says "Copied". */
export const COPIED_SHOWN_MS = 2000;

/** The old way, for browsers without the async clipboard (plain http, older WebViews). */
function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.left = '0';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    // Deprecated, yet the only way to copy where the async clipboard is missing.
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** Copies `text`: the async clipboard when the browser has it, else a selection; true when done. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, not focused): try the old way.
  }
  return copyWithSelection(text);
}

/**
 * Which of a page's copy buttons copied last, for COPIED_SHOWN_MS; `copy` answers whether it
 * worked, so the caller can say so when it did not.
 */
export function useCopied<K extends string>() {
  const [copied, setCopied] = useState<K | null>(null);

  useEffect(() => {
    if (copied === null) return;
    const timer = setTimeout(() => setCopied(null), COPIED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async (key: K, text: string): Promise<boolean> => {
    const done = await copyText(text);
    setCopied(done ? key : null);
    return done;
  };

  return { copied, copy };
}
