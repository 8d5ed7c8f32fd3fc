import { streamKitchenEvents } from '@/features/kitchen/kitchen-events';

export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  return streamKitchenEvents(request);
}
