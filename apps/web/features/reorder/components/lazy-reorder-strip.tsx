'use client';

import dynamic from 'next/dynamic';

/**
 * 'Order it again', its code (and the date formatting it brings, date-fns with time zones) in a chunk of its own,
 * loaded only on the pages that show it (a signed-in customer's store page, where the template turns it on); the
 * static import put it in every guest's menu page. Server-rendered as before.
 */
export const LazyReorderStrip = dynamic(() => import('./reorder-strip').then((m) => m.ReorderStrip));
