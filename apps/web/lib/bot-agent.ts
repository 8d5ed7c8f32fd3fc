/**
 * Whether a user agent is a crawler or a link preview: the list Next.js's `userAgent().isBot` uses (Next 16,
 * next/dist/server/web/spec-extension/user-agent.js), here without its server-only wrapper so that the client's
 * error boundary can ask the same question of `navigator.userAgent` (a crawler that runs scripts).
 */
const BOT_AGENT =
  /Googlebot|Mediapartners-Google|AdsBot-Google|googleweblight|Storebot-Google|Google-PageRenderer|Google-InspectionTool|Bingbot|BingPreview|Slurp|DuckDuckBot|baiduspider|yandex|sogou|LinkedInBot|bitlybot|tumblr|vkShare|quora link preview|facebookexternalhit|facebookcatalog|Twitterbot|applebot|redditbot|Slackbot|Discordbot|WhatsApp|SkypeUriPreview|ia_archiver|GPTBot/i;

export function isBotAgent(userAgent: string | null | undefined): boolean {
  return BOT_AGENT.test(userAgent ?? '');
}
