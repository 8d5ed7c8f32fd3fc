'use client';

import { useLayoutEffect, useRef, useState } from 'react';

/** The item description, clamped to 3 lines with View More / View Less (the toggle only when it overflows). */
export function ItemDescription({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || expanded) return;
    const measure = () => setOverflows(el.scrollHeight > el.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [expanded, text]);

  return (
    <div>
      <p
        ref={ref}
        id="item-description"
        className={expanded ? 'text-gray-700' : 'line-clamp-3 text-gray-700'}
      >
        {text}
      </p>
      {overflows ? (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls="item-description"
          onClick={() => setExpanded((v) => !v)}
          className="mt-1 inline-flex items-center rounded font-semibold text-gray-900 underline underline-offset-4 pointer-coarse:min-h-11"
        >
          {expanded ? 'View Less' : 'View More'}
        </button>
      ) : null}
    </div>
  );
}
