/**
 * A picture our own image route already serves at the exact size (`/images/{id}?width=&height=`): a plain
 * `<img>` with its box reserved (width/height, so no layout shift), lazy unless `eager`, decoded off the main
 * thread. next/image would add nothing here (no optimisation is wanted: `unoptimized` everywhere) but its client
 * runtime on every store page.
 */
export function SizedImage({
  src,
  width,
  height,
  eager = false,
  className,
  style,
}: {
  src: string;
  width: number;
  height: number;
  /** Above the fold: loaded at once with high priority (LCP candidates). */
  eager?: boolean;
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
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      className={className}
      style={style}
    />
  );
}
