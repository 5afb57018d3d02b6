import { EMOTION_KEY } from './emotionCache';

/**
 * The styles a prerendered page needs, from everything emotion inserted while rendering it, as
 * `[id, css]` pairs. Rendering also inserts rules the final markup never uses (the route's
 * loading spinner shown until its chunk resolved, intermediate styles of composed components);
 * shipping them makes every visitor download and parse CSS that matches nothing. Kept: each
 * class rule whose class is in the markup, global rules (the baseline), and the keyframes a kept
 * rule animates with. The browser inserts anything else once the app needs it.
 */
export function criticalRules(
  inserted: Record<string, string | true | undefined>,
  html: string,
): [string, string][] {
  const classes = new Set(
    [...html.matchAll(/\sclass="([^"]*)"/g)].flatMap(([, names]) => names.split(/\s+/)),
  );
  const rules = Object.entries(inserted).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  const isKeyframes = (css: string) => /^@(-webkit-)?keyframes /.test(css);
  const isClassRule = (id: string, css: string) => css.includes(`.${EMOTION_KEY}-${id}`);
  const kept = rules.filter(([id, css]) =>
    isKeyframes(css) ? false : !isClassRule(id, css) || classes.has(`${EMOTION_KEY}-${id}`),
  );
  const animations = rules.filter(
    ([id, css]) => isKeyframes(css) && kept.some(([, rule]) => rule.includes(id)),
  );
  return [...kept, ...animations];
}
