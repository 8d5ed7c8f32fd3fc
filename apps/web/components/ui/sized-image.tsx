/**
 * A picture our own image route already serves at the exact size (`/images/{id}?width=&height=`): a plain
 * `<img>` with its box reserved (width/height, so no layout shift), lazy unless `eager`, decoded off the main
 * thread. next/image would add nothing here (no optimisation is wanted: `unoptimized` everywhere) but its client
 * runtime on every store page.
 *
 * An eager picture is fetched at high priority only when it may be the page's largest paint (`priority`); the
 * others say `fetchPriority="low"`. React's server renderer preloads a page's first ten eager pictures in the head,
 * ahead of the stylesheet, unless they say low; on HTTP/1.1's six connections per host the store page's stylesheet,
 * and so its first paint, then waited behind three brand logos and three card pictures (traced: the stylesheet
 * answered after all of them, 83 ms after it was asked for). A low one is still fetched at once, after the
 * stylesheet and the largest paint's picture.
 */
export function SizedImage({
  src,
  width,
  height,
  eager = false,
  priority = false,
  className,
  style,
}: {
  src: string;
  width: number;
  height: number;
  /** Above the fold: loaded at once, not when scrolled near. */
  eager?: boolean;
  /** May be the page's largest paint: loaded at once with high priority (implies `eager`). */
  priority?: boolean;
  className?: string;
  style?: React.CSSProperties;
}) {
  return (
    // eslint-disable-next-line @next/next/no-img-element -- see above: sized by our image route, no optimiser
    <img
      src={src}
      alt=""
      width={width}
      height={height}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : eager ? 'low' : 'auto'}
      decoding="async"
      className={className}
      style={style}
    />
  );
}
