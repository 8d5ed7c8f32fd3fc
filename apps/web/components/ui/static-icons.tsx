/**
 * The lucide icons that server components of the search and store pages draw, as plain markup. lucide-react's
 * icons are client components (its Icon reads a React context): in a server component each one is a client
 * reference whose path data rides in the page's flight payload, and the browser hydrates it as a component of
 * its own. These render the same <svg> (lucide's attributes and class names; paths copied from lucide, ISC), so
 * the browser hydrates nothing but the element. Always decorative (aria-hidden), as lucide makes an icon without
 * a label. The class names come from the code, never from data: each one's <svg> is kept.
 */
type IconNode = readonly (readonly ['path' | 'circle', Readonly<Record<string, string>>])[];

/**
 * One icon: the <svg> for each class name asked for is made once and then reused, so a page that shows an icon
 * many times (the pin and phone of every search result) sends its markup once in the flight payload and refers
 * to it after that (React's payload writes an object it has already written as a reference).
 */
function staticIcon(iconClasses: string, node: IconNode) {
  const children = node.map(([Tag, attributes], index) => <Tag key={index} {...attributes} />);
  const made = new Map<string, React.ReactElement>();
  function StaticIcon({ className = '' }: { className?: string; 'aria-hidden'?: true }) {
    let svg = made.get(className);
    if (!svg) {
      svg = (
        <svg
          xmlns="http://www.w3.org/2000/svg"
          width={24}
          height={24}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
          className={`lucide ${iconClasses}${className ? ` ${className}` : ''}`}
          aria-hidden="true"
        >
          {children}
        </svg>
      );
      made.set(className, svg);
    }
    return svg;
  }
  return StaticIcon;
}

export const ChevronDown = staticIcon('lucide-chevron-down', [['path', { d: 'm6 9 6 6 6-6' }]]);

export const Clock = staticIcon('lucide-clock', [
  ['circle', { cx: '12', cy: '12', r: '10' }],
  ['path', { d: 'M12 6v6l4 2' }],
]);

export const MapPin = staticIcon('lucide-map-pin', [
  [
    'path',
    {
      d: 'M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0',
    },
  ],
  ['circle', { cx: '12', cy: '10', r: '3' }],
]);

export const Phone = staticIcon('lucide-phone', [
  [
    'path',
    {
      d: 'M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384',
    },
  ],
]);

export const Store = staticIcon('lucide-store', [
  ['path', { d: 'M15 21v-5a1 1 0 0 0-1-1h-4a1 1 0 0 0-1 1v5' }],
  [
    'path',
    {
      d: 'M17.774 10.31a1.12 1.12 0 0 0-1.549 0 2.5 2.5 0 0 1-3.451 0 1.12 1.12 0 0 0-1.548 0 2.5 2.5 0 0 1-3.452 0 1.12 1.12 0 0 0-1.549 0 2.5 2.5 0 0 1-3.77-3.248l2.889-4.184A2 2 0 0 1 7 2h10a2 2 0 0 1 1.653.873l2.895 4.192a2.5 2.5 0 0 1-3.774 3.244',
    },
  ],
  ['path', { d: 'M4 10.95V19a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8.05' }],
]);

export const UtensilsCrossed = staticIcon('lucide-utensils-crossed lucide-fork-knife-crossed', [
  ['path', { d: 'm16 2-2.3 2.3a3 3 0 0 0 0 4.2l1.8 1.8a3 3 0 0 0 4.2 0L22 8' }],
  ['path', { d: 'M15 15 3.3 3.3a4.2 4.2 0 0 0 0 6l7.3 7.3c.7.7 2 .7 2.8 0L15 15Zm0 0 7 7' }],
  ['path', { d: 'm2.1 21.8 6.4-6.3' }],
  ['path', { d: 'm19 5-7 7' }],
]);
