/**
 * Whether a path is one the web app's router knows. The patterns come from the
 * router itself (the build writes them to prerendered/routes.json), in React
 * Router's syntax: "/admin/users", "/notes/:id", "/docs/*". Like React Router,
 * the match ignores case and a trailing slash.
 */
export function matchesClientRoute(pathname: string, patterns: readonly string[]): boolean {
  const segments = splitPath(pathname);
  return patterns.some((pattern) => matchesPattern(segments, splitPath(pattern)));
}

function splitPath(path: string): string[] {
  return path.toLowerCase().split('/').filter(Boolean);
}

function matchesPattern(segments: string[], pattern: string[]): boolean {
  if (pattern.at(-1) === '*') {
    const fixed = pattern.slice(0, -1);
    return segments.length >= fixed.length && fixed.every((part, i) => matchesSegment(segments[i]!, part));
  }
  const required = pattern.filter((part) => !part.endsWith('?')).length;
  if (segments.length < required || segments.length > pattern.length) return false;
  return segments.every((segment, i) => matchesSegment(segment, pattern[i]!));
}

function matchesSegment(segment: string, part: string): boolean {
  if (part.startsWith(':')) return true;
  return segment === part.replace(/\?$/, '');
}
