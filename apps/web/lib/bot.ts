import 'server-only';
import { headers } from 'next/headers';
import { isBotAgent } from './bot-agent';

/**
 * Whether the page is being fetched by a crawler or a link preview (Next's own list of bot user agents). The
 * spec's error page 'is not shown to bot user agents': they get the status code and an empty page, so a search
 * engine indexes no error text under a store's address.
 */
export async function isBotRequest(): Promise<boolean> {
  return isBotAgent((await headers()).get('user-agent'));
}
