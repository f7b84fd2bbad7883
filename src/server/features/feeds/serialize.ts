// Feed responses as JSON text, fast: each cached pun is serialised once (without its closing
// brace), and a request only splices in the viewer's own reaction. The result is exactly
// JSON.stringify of a `feedPage` object (a test parses real responses with that schema).
import type { PublicPun, ReactionKey } from '#shared/api';
import type { SharedPage } from './cache.ts';

const openJson = new WeakMap<PublicPun, string>();

function punPrefix(pun: PublicPun): string {
  let prefix = openJson.get(pun);
  if (prefix === undefined) {
    prefix = JSON.stringify(pun).slice(0, -1);
    openJson.set(pun, prefix);
  }
  return prefix;
}

export function feedPageJson(shared: SharedPage, mine: ReadonlyMap<string, ReactionKey>): string {
  const parts = shared.puns.map((pun) => {
    const reaction = mine.get(pun.id);
    return `${punPrefix(pun)},"myReaction":${reaction ? `"${reaction}"` : 'null'}}`;
  });
  return `{"puns":[${parts.join(',')}],"nextCursor":${JSON.stringify(shared.nextCursor)}}`;
}
